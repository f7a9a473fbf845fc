// The words of the user guide, once, for /guide and /user-guide. The PDF
// (GET /api/pdf/user-guide) is built on the server from its own copy.
import { USER_GUIDE_DATE, USER_GUIDE_VERSION } from "@contract/constants";

export const GUIDE_VERSION_LINE = `Version ${USER_GUIDE_VERSION}, ${USER_GUIDE_DATE}`;
export const USER_GUIDE_PDF_URL = `/api/pdf/user-guide?version=${USER_GUIDE_VERSION}`;
export const USER_GUIDE_DOWNLOAD_NAME = `user-guide-v${USER_GUIDE_VERSION}.pdf`;

export interface GuideItem {
  title: string;
  text: string;
}

export const QUICK_START: GuideItem[] = [
  { title: "Register and send your documents", text: "Create an account on the New Account page, then email your vehicle insurance and goods-in-transit insurance to the new-user mailbox shown there." },
  { title: "Wait for approval", text: "An administrator approves your account once the paperwork is in. Until then sign-in says your account is pending approval." },
  { title: "Browse the load board", text: "Signed in, the load board lists every available load with route, dates, price, rate per mile, weight, distance and equipment. Search by load number or town and filter by weight, distance, price, status and equipment." },
  { title: "Accept or bid", text: "Accept Load takes a load at its listed price. Place Bid offers your own price; while your bid is pending the card shows Bid Pending and the button reads Update Bid." },
  { title: "Wait for the PO number", text: "An accepted load shows Waiting for Approval. An operator contacts you, approves the load and issues a purchase order number: that is your authority to start." },
  { title: "Complete proof of delivery", text: "After pickup and delivery, open Complete POD on the approved load, enter who signed and when at each end and upload the signed paperwork (PDF, JPG or PNG, up to 10 MB). The load then shows Completed." },
  { title: "Keep your account up to date", text: "Use the menu under your initials to edit your profile, change your password or log out." },
];

export const ADMIN_FEATURES: GuideItem[] = [
  { title: "Admin dashboard", text: "The Admin button opens the dashboard with tabs for All Loads, Loads with Bids, Accepted, Approved, Completed, Users, Carriers and Pending registrations." },
  { title: "Create, edit and copy loads", text: "Add New Load offers the next load number, calculates distance from the postcodes and computes the rate per mile. Loads with completed POD cannot be edited." },
  { title: "Manage bids", text: "View Bids shows total, lowest, highest and average bids; accepting one assigns the load to that carrier and rejects the others." },
  { title: "Approve and complete loads", text: "Approve an accepted load to issue its PO number; mark approved loads complete, cancel, un-cancel or reset a load to available." },
  { title: "Users and carriers", text: "Create, edit and delete users, approve or reject pending registrations, and see each carrier company's accepted loads and earnings." },
  { title: "Email available loads", text: "Send the list of available loads to every approved carrier now, or schedule it daily or weekly (sent on weekdays, UK time)." },
  { title: "Proof of delivery", text: "View POD information, download the signed paperwork and print a Proof of Delivery document for any load." },
];

export interface DataSource {
  name: string;
  licence: string;
  licenceUrl: string;
  /** the attribution its licence requires, word for word (README "Postcode data") */
  attribution: string;
}

/** Open data behind the distance estimates: the postcode table shipped in data/uk-outcodes.csv. */
export const DATA_SOURCES_INTRO = "Distance estimates use UK postcode-district locations built from open data.";
export const DATA_SOURCES: DataSource[] = [
  {
    name: "Ordnance Survey Code-Point Open (Great Britain)",
    licence: "Open Government Licence v3.0",
    licenceUrl: "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
    attribution:
      "Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025. Contains National Statistics data © Crown copyright and database right 2025.",
  },
  {
    name: "GeoNames postal codes (Northern Ireland, Isle of Man, Channel Islands)",
    licence: "CC BY 4.0",
    licenceUrl: "https://creativecommons.org/licenses/by/4.0/",
    attribution:
      "Northern Ireland, Isle of Man and Channel Islands district locations: GeoNames (https://www.geonames.org/), licensed under CC BY 4.0; averaged per postcode district (modified).",
  },
];
