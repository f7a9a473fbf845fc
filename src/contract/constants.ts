// Business constants, shared by server and web.
export const LOAD_STATUSES = ["available", "accepted", "approved", "completed", "cancelled"] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

export const ROLES = ["carrier", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const EQUIPMENT_TYPES = ["Flatbed", "Curtain", "MOL"] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

/** FORS "None Required" is stored as "" */
export const FORS_LEVELS = ["", "Bronze", "Silver", "Gold"] as const;
export type ForsLevel = (typeof FORS_LEVELS)[number];

export const TIME_TYPES = ["exact", "before", "between"] as const;
export type TimeType = (typeof TIME_TYPES)[number];

export const BID_STATUSES = ["pending", "countered", "accepted", "rejected"] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const DAYS_OF_WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** Filter bands: [min inclusive, max exclusive) with null for open ends. */
export interface Band {
  key: string;
  label: string;
  min: number | null;
  max: number | null;
}
export const WEIGHT_BANDS: Band[] = [
  { key: "lt1000", label: "Under 1,000 kg", min: null, max: 1000 },
  { key: "1000-5000", label: "1,000-5,000 kg", min: 1000, max: 5000 },
  { key: "5000-10000", label: "5,000-10,000 kg", min: 5000, max: 10000 },
  { key: "gt10000", label: "Over 10,000 kg", min: 10000, max: null },
];
export const DISTANCE_BANDS: Band[] = [
  { key: "lt100", label: "Under 100 miles", min: null, max: 100 },
  { key: "100-300", label: "100-300 miles", min: 100, max: 300 },
  { key: "300-500", label: "300-500 miles", min: 300, max: 500 },
  { key: "gt500", label: "Over 500 miles", min: 500, max: null },
];
export const PRICE_BANDS: Band[] = [
  { key: "500-1000", label: "£500-£1,000", min: 500, max: 1000 },
  { key: "1000-2000", label: "£1,000-£2,000", min: 1000, max: 2000 },
  { key: "2000-5000", label: "£2,000-£5,000", min: 2000, max: 5000 },
  { key: "gt5000", label: "Over £5,000", min: 5000, max: null },
];

export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;

/** Polling intervals (ms) */
export const POLL = {
  boardLoads: 10_000,
  adminLoads: 8_000,
  stats: 15_000,
  carrierUsers: 30_000,
  ownBids: 15_000,
  users: 20_000,
  pendingUsers: 15_000,
  adminBids: 12_000,
} as const;

export const TOAST_DURATION_MS = 5000;
export const USER_GUIDE_VERSION = "1.0";
export const USER_GUIDE_DATE = "August 2025";

export function isStaffRole(u: { role: string; isAdmin: boolean } | null | undefined): boolean {
  return !!u && (u.isAdmin || u.role === "admin" || u.role === "manager");
}
export function isAdminUser(u: { role: string; isAdmin: boolean } | null | undefined): boolean {
  return !!u && (u.isAdmin || u.role === "admin");
}

/** Loads per board page ("Show more" adds as many); the server preloads the first page. */
export const BOARD_PAGE_SIZE = 50;
