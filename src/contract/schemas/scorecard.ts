// Scorecards, both ways, from facts: how a carrier company performs (on time at each
// stop, hours to POD, hand-backs, claims) and how the network treats carriers (days to
// pay, claims decided, waiting at its sites). Every figure comes with the loads behind
// it, so no score is an opinion; the figures are kept from the event log as it grows.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { COMPLIANCE_STATUSES, type ComplianceStatus } from "./company";
import type { Stop } from "./claim";

/** contract: days 7–365, 90 when absent */
export const SCORECARD_DAYS = { min: 7, max: 365, default: 90 } as const;
/** the loads listed behind a company's figures, at most (the newest first) */
export const SCORECARD_LOADS_MAX = 1000;
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
  /** true (and only then present): staff reset this load to available with "carrier withdrew" (a hand-back) */
  handedBack?: boolean;
}

/**
 * GET /api/companies/{id}/scorecard. The window is the UK days from..to (today and the
 * days-1 before it). A load counts on the day it was completed (collection, delivery,
 * POD hours) or handed back; `loads` lists them, the newest first, at most
 * SCORECARD_LOADS_MAX. podHours median and p90 interpolate (as PostgreSQL's
 * percentile_cont), hours to one decimal.
 */
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
  /** days from issue to payment of the invoices paid in the window */
  daysToPay: { median: number | null; p90: number | null };
  /** invoices issued, unpaid and past their due date today */
  overdueInvoices: number;
  /** approvedRate: per cent (0–100, one decimal) of the decided claims that were approved; null: none decided */
  claims: { submitted: number; approvedRate: number | null; medianDecisionHours: number | null };
  /** by the day of arrival in the window; areas with at least SITE_MIN_VISITS visits, worst (longest median) first */
  waitingAtSites: SiteWaiting[];
}

/** `siteWaiting` on GET /api/loads/{id}: the median waiting at the load's pickup and delivery areas over 90 days, null when fewer than SITE_MIN_VISITS visits */
export interface SiteWaitingOfLoad {
  pickup: Omit<SiteWaiting, "stop"> | null;
  delivery: Omit<SiteWaiting, "stop"> | null;
}

/** GET /api/companies (staff) items carry these from the company's scorecard over the last 90 days (null: nothing known yet) */
export interface CompanyScoreSummary {
  /** per cent (0–100, one decimal) of the deliveries with a known punctuality that were on time */
  onTimeDeliveryRate: number | null;
  /** median hours from delivery to POD submitted, one decimal */
  podHoursMedian: number | null;
}

/** PATCH /api/loads/{id}/reset-to-available: optional reason; "carrier withdrew" counts as a hand-back */
export const resetReasonSchema = z
  .object({ reason: z.string().trim().max(500, "The reason can be at most 500 characters").optional() })
  .default({});

// ------------------------------------------------------------------ the answers, for the OpenAPI document

const punctualitySchema = z.enum(PUNCTUALITY);
const countsSchema = z.object({ onTime: z.number().int(), late: z.number().int(), unknown: z.number().int() });
const ymdSchema = z.string().describe("YYYY-MM-DD, a UK calendar day");

export const companyScorecardSchema = z
  .object({
    from: ymdSchema,
    to: ymdSchema,
    loadsCompleted: z.number().int(),
    collection: countsSchema,
    delivery: countsSchema,
    podHours: z.object({ median: z.number().nullable(), p90: z.number().nullable() }),
    handedBack: z.number().int(),
    waitingClaims: z.object({ submitted: z.number().int(), approved: z.number().int(), amountApproved: z.number() }),
    compliance: z.enum(COMPLIANCE_STATUSES).nullable(),
    loads: z.array(
      z.object({
        id: z.string(),
        loadNumber: z.string(),
        collection: punctualitySchema,
        delivery: punctualitySchema,
        podHours: z.number().nullable(),
        handedBack: z.boolean().optional(),
      }),
    ),
  })
  .meta({ id: "CompanyScorecard" });

export const networkScorecardSchema = z
  .object({
    from: ymdSchema,
    to: ymdSchema,
    daysToPay: z.object({ median: z.number().nullable(), p90: z.number().nullable() }),
    overdueInvoices: z.number().int(),
    claims: z.object({ submitted: z.number().int(), approvedRate: z.number().nullable(), medianDecisionHours: z.number().nullable() }),
    waitingAtSites: z.array(z.object({ postcodeArea: z.string(), stop: z.enum(["pickup", "delivery"]), visits: z.number().int(), medianMinutes: z.number() })),
  })
  .meta({ id: "NetworkScorecard" });

const areaWaitingSchema = z.object({ postcodeArea: z.string(), medianMinutes: z.number(), visits: z.number().int() }).nullable();
/** `siteWaiting` on GET /api/loads/{id} */
export const siteWaitingOfLoadSchema = z.object({ pickup: areaWaitingSchema, delivery: areaWaitingSchema }).meta({ id: "SiteWaitingOfLoad" });
