// The demo's accounts: staff, approved carriers (two in one company) and one
// registration waiting for approval, all signing in with one known password.

/** Fixed demo password for every demo account; meets the password rules. */
export const DEMO_PASSWORD = "Demo!2026pass";
export const DEMO_ADMIN_EMAIL = "admin@demo.test";

export interface DemoUser {
  key: string;
  email: string;
  name: string;
  carrierName: string;
  contactNumber: string;
  role: "carrier" | "manager" | "admin";
  isApproved: boolean;
}

export const DEMO_USERS: DemoUser[] = [
  { key: "admin", email: DEMO_ADMIN_EMAIL, name: "Alex Morgan", carrierName: "Flatbed Network", contactNumber: "+44 20 7946 0100", role: "admin", isApproved: true },
  { key: "manager", email: "manager@demo.test", name: "Priya Shah", carrierName: "Flatbed Network", contactNumber: "+44 20 7946 0101", role: "manager", isApproved: true },
  { key: "carrier", email: "carrier@demo.test", name: "Dave Hughes", carrierName: "Hughes Haulage Ltd", contactNumber: "+44 7700 900101", role: "carrier", isApproved: true },
  { key: "hughes2", email: "tom.hughes@demo.test", name: "Tom Hughes", carrierName: "Hughes Haulage Ltd", contactNumber: "+44 7700 900102", role: "carrier", isApproved: true },
  { key: "pennine", email: "sarah@pennine.demo.test", name: "Sarah Jones", carrierName: "Pennine Steel Transport", contactNumber: "+44 113 496 0201", role: "carrier", isApproved: true },
  { key: "valleys", email: "gareth@valleys.demo.test", name: "Gareth Evans", carrierName: "Valleys Flatbed Services", contactNumber: "+44 29 2018 0301", role: "carrier", isApproved: true },
  { key: "highland", email: "fiona@highland.demo.test", name: "Fiona MacLeod", carrierName: "Highland Heavy Haulage", contactNumber: "+44 141 496 0401", role: "carrier", isApproved: true },
  { key: "midlands", email: "ravi@midlandsmol.demo.test", name: "Ravi Patel", carrierName: "Midlands MOL Logistics", contactNumber: "+44 121 496 0501", role: "carrier", isApproved: true },
  { key: "pending", email: "kevin@walsh.demo.test", name: "Kevin Walsh", carrierName: "Walsh Transport", contactNumber: "+44 7700 900601", role: "carrier", isApproved: false },
];
