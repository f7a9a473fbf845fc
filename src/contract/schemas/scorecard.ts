// Scorecards, both ways, from facts: how a carrier company performs (on time at each
// stop, hours to POD, hand-backs, claims) and how the network treats carriers (days to
// pay, claims decided, waiting at its sites). Every figure comes with the loads behind
// it, so no score is an opinion; the figures are kept from the event log as it grows.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import type { ComplianceStatus } from "./company";
import type { Stop } from "./claim";

/** contract: days 7–365, 90 when absent */
export const SCORECARD_DAYS = { min: 7, max: 365, default: 90 } as const;
/** contract (as lane rates): a site area is shown with at least this many recorded visits */
export const SITE_MIN_VISITS = 3;
/** contract: an `exact` time is on time up to this many minutes after it */
export const EXACT_GRACE_MINUTES = 30;
/** the reset reason that counts as a hand-back */
export const CARRIER_WITHDREW = "carrier withdrew";

export const scorecardQuerySchema = z.object({
  days: z.coerce
    .number()
    .int("days must be a whole number")
    .min(SCORECARD_DAYS.min, `days must be between ${SCORECARD_DAYS.min} and ${SCORECARD_DAYS.max}`)
    .max(SCORECARD_DAYS.max, `days must be between ${SCORECARD_DAYS.min} and ${SCORECARD_DAYS.max}`)
    .default(SCORECARD_DAYS.default),
});
export type ScorecardQuery = z.output<typeof scorecardQuerySchema>;

/** How one stop of one load went: on time, late, or not known (no arrival and no POD date). */
export const PUNCTUALITY = ["onTime", "late", "unknown"] as const;
export type Punctuality = (typeof PUNCTUALITY)[number];
export const PUNCTUALITY_LABELS: Record<Punctuality, string> = { onTime: "On time", late: "Late", unknown: "Not known" };

export type PunctualityCounts = Record<Punctuality, number>;

/** One load behind the company's figures. */
export interface ScorecardLoad {
  id: string;
  loadNumber: string;
  collection: Punctuality;
  delivery: Punctuality;
  /** delivery to POD submitted, hours (one decimal); null: no POD yet */
  podHours: number | null;
  /** the staff reset this load to available with "carrier withdrew" (a hand-back) */
  handedBack?: boolean;
}

/** GET /api/companies/{id}/scorecard */
export interface CompanyScorecard {
  /** YYYY-MM-DD, UK days */
  from: string;
  to: string;
  loadsCompleted: number;
  collection: PunctualityCounts;
  delivery: PunctualityCounts;
  podHours: { median: number | null; p90: number | null };
  handedBack: number;
  waitingClaims: { submitted: number; approved: number; amountApproved: number };
  compliance: ComplianceStatus | null;
  loads: ScorecardLoad[];
}

export interface SiteWaiting {
  /** postcode area: "LS", "SW" */
  postcodeArea: string;
  stop: Stop;
  visits: number;
  medianMinutes: number;
}

/** GET /api/scorecard/network */
export interface NetworkScorecard {
  from: string;
  to: string;
  daysToPay: { median: number | null; p90: number | null };
  overdueInvoices: number;
  claims: { submitted: number; approvedRate: number | null; medianDecisionHours: number | null };
  /** areas with at least SITE_MIN_VISITS visits, worst (longest median) first */
  waitingAtSites: SiteWaiting[];
}

/** PATCH /api/loads/{id}/reset-to-available: optional reason; "carrier withdrew" counts as a hand-back */
export const resetReasonSchema = z
  .object({ reason: z.string().trim().max(500, "The reason can be at most 500 characters").optional() })
  .default({});
