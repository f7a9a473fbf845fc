// The words of the Carrier Portal User Guide, version 1.0, August
// 2025. Kept apart from the PDF layout so a new version is
// a new entry here. {product} is replaced with PRODUCT_NAME.

export interface GuideSection {
  heading: string;
  intro?: string;
  steps?: string[];
  notes?: string[];
}

export interface GuideVersion {
  version: string;
  date: string;
  parts: { title: string; sections: GuideSection[] }[];
}

export const GUIDE_VERSIONS: Record<string, GuideVersion> = {
  "1.0": {
    version: "1.0",
    date: "August 2025",
    parts: [
      {
        title: "Part 1: Carrier tasks",
        sections: [
          {
            heading: "1. Register for an account",
            intro: "Carriers apply for an account once. An administrator approves every new account before it can be used.",
            steps: [
              "Open the portal and choose New Account (or go to /register).",
              "Enter your name, email address, carrier (company) name and contact number, and choose a password.",
              "Passwords need at least 8 characters with a lowercase letter, an uppercase letter, a number and a special character (@$!%*?&).",
              "Email your vehicle insurance and goods-in-transit insurance to the new-user mailbox shown on the registration page.",
              "An account application form is then sent to you through an e-signature service, unless your company is already set up with an existing haulier partner.",
              "After you submit, your account is pending admin approval. You receive an email when it has been approved.",
            ],
          },
          {
            heading: "2. Sign in and out",
            steps: [
              "Go to the login page and enter your email address and password, then choose Sign In.",
              "If your account is still awaiting approval, the portal tells you so: contact an administrator or try again later.",
              "Forgot your password? Choose Forgot your password, enter your email, and follow the link we send you. The link is valid for one hour and works once.",
              "To change your password, open the user menu (your initials, top right) and choose Change Password.",
              "Choose Log out from the user menu when you have finished, especially on a shared device.",
            ],
          },
          {
            heading: "3. Browse and filter loads",
            intro: "The load board lists every available load, newest pickup first, and refreshes by itself every few seconds.",
            steps: [
              "The five tiles at the top show Available Loads, your Accepted, Approved and Completed Loads, and your Total Earnings.",
              "Search by pickup city, delivery city or load number.",
              "Narrow the list with Weight Range, Distance, Price Range, Load Status and Equipment Type (Flatbed, Curtain, MOL), then choose Search. Reset clears every filter.",
              "Each load card shows the route, pickup and delivery times, the price and rate per mile, weight, distance, equipment and cargo, and badges such as Urgent, FORS level, ADR, Waste, Tail Lift, Moffett and Edge Protectors.",
              "Choose View Details for the full load. Full addresses, postcodes, contacts and the PO number are shown once a load is approved for you.",
            ],
          },
          {
            heading: "4. Accept a load",
            steps: [
              "On an available load, choose Accept Load and confirm. Accepting cannot be undone.",
              "The load becomes Waiting for Approval. An operator contacts you and marks the load Approved.",
              "When it is approved you receive a purchase order (PO) number that authorises you to start.",
              "If another carrier accepted the load first, the portal tells you the load is no longer available.",
            ],
          },
          {
            heading: "5. Place or update a bid",
            steps: [
              "Choose Place Bid on an available load, enter your amount in pounds and, if you like, a note.",
              "The dialog shows how your bid compares with the listed rate, in pounds and per cent.",
              "You have at most one pending bid per load: the card shows Bid Pending with your amount, and the button reads Update Bid so you can change it.",
              "If staff accept your bid the load is assigned to you at your price; other bids are rejected.",
            ],
          },
          {
            heading: "6. Complete proof of delivery (POD)",
            intro: "After pickup and delivery, complete POD on your approved load. Both signatories complete the load.",
            steps: [
              "Choose Complete POD on the approved load.",
              "Enter who signed at pickup and the date and time, and who signed at delivery and the date and time. All four are required.",
              "Attach the signed paperwork: one PDF, JPG or PNG file of up to 10 MB. On a phone you can take a photo of the paperwork with the camera.",
              "Choose Submit. The load status changes to Completed.",
              "Generate POD prints a blank Proof of Delivery document for the load, to be signed at collection and delivery.",
            ],
          },
        ],
      },
      {
        title: "Part 2: Administrator and manager tasks",
        sections: [
          {
            heading: "7. Manage loads",
            steps: [
              "Open Admin from the header. The All Loads tab lists every load; filter it by status, carrier and pickup date.",
              "Add New Load creates a load. Leave the load number empty to use the next number; the distance can be calculated from the two postcodes.",
              "Edit, copy, cancel or un-cancel a load from its actions. A load with completed POD cannot be edited.",
              "Reset to Available takes an accepted or approved load back to the board and clears its carrier and PO number.",
              "The View History tab of a load shows who viewed it and when.",
            ],
          },
          {
            heading: "8. Manage bids",
            steps: [
              "The Loads with Bids tab lists available loads with pending bids, the lowest bid and the bid count.",
              "View Bids opens Manage Bids: the total, lowest, highest and average bid and every bid with its age.",
              "Accept a bid to assign the load to that carrier at the bid amount; all other bids are rejected. Reject declines a single bid.",
            ],
          },
          {
            heading: "9. Approvals and completion",
            steps: [
              "The Accepted tab lists loads waiting for approval. Approve issues a PO number (managers and admins only).",
              "The Approved tab lists loads in progress. Mark Complete when the work is done; POD with both signatories completes a load automatically.",
              "The Completed tab lists finished loads; View POD shows the POD status, signatories, dates and the signed paperwork.",
            ],
          },
          {
            heading: "10. Users and pending registrations",
            steps: [
              "The Pending tab lists new registrations. Approve lets the applicant sign in; Reject deletes the application. Both send the applicant an email.",
              "The Users tab lists every user with role, loads accepted, earnings and last login. Create, edit or delete users from there.",
              "Only administrators can give or take away the Admin role or edit an administrator.",
            ],
          },
          {
            heading: "11. Carriers",
            steps: [
              "The Carriers tab groups users by company: up to two contacts, accepted loads, total earnings, last activity and join date.",
              "Loads accepted for a company with no matching user appear under their carrier name or Unknown Carrier.",
            ],
          },
          {
            heading: "12. Email schedule",
            steps: [
              "Send Available Loads Email emails every approved carrier a list of the available loads now.",
              "Schedule Email sets an automatic email: daily or weekly on chosen days, at a time in UK time (HH:MM, 24-hour).",
              "Scheduled emails are sent on weekdays only (Monday to Friday).",
            ],
          },
        ],
      },
    ],
  },
};
