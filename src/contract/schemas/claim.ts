// Stops and waiting-time claims: when the driver arrived at and left each stop of
// a booked load (with the phone's position as evidence when it was given), and the
// carrier's claim for the waiting beyond the free time, priced by the server at
// the network's rate and paid as its own line of the self-billing invoice.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { pageQuerySchema } from "./page";

export const STOPS = ["pickup", "delivery"] as const;
export type Stop = (typeof STOPS)[number];
export const STOP_LABELS: Record<Stop, string> = { pickup: "pickup", delivery: "delivery" };

/** position: the phone's location backed the time; declared: no usable position; staff: entered or corrected by staff */
export const STOP_EVIDENCE = ["position", "declared", "staff"] as const;
export type StopEvidence = (typeof STOP_EVIDENCE)[number];
export const STOP_EVIDENCE_LABELS: Record<StopEvidence, string> = { position: "Position", declared: "Declared", staff: "Staff" };

/** A position counts as evidence within this distance of the stop's postcode district centre… */
export const EVIDENCE_RADIUS_MILES = 10;
/** …and only when the phone says it is this accurate or better. */
export const EVIDENCE_MAX_ACCURACY_M = 1_000;
/** Positions are kept this long, then deleted (the times and the evidence word stay). */
export const POSITION_KEEP_DAYS = 30;

export interface StopRecord {
  arrivedAt: string | null;
  departedAt: string | null;
  /** how the arrival (or, if there is none, the departure) was backed; null before anything is recorded */
  evidence: StopEvidence | null;
}
/** On GET /api/loads/{id} of a booked load, for staff and the holding company only. */
export interface LoadStops {
  pickup: StopRecord;
  delivery: StopRecord;
}

export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracyM: z.number().min(0).max(1_000_000),
});
export type Position = z.output<typeof positionSchema>;

/** POST /api/loads/{id}/stops/{stop}/arrival|departure */
export const stopEventSchema = z.object({
  /** when it happened; the server's time when absent (a phone that queued it offline sends the time it was pressed) */
  at: z.iso.datetime({ offset: true, message: "Time must be a date and time (ISO 8601)" }).optional(),
  position: positionSchema.optional(),
});
export type StopEventInput = z.input<typeof stopEventSchema>;

/** PUT /api/loads/{id}/stops/{stop}: staff correction, a history line naming old and new times */
export const stopCorrectionSchema = z.object({
  arrivedAt: z.iso.datetime({ offset: true, message: "Arrived at must be a date and time (ISO 8601)" }).nullable(),
  departedAt: z.iso.datetime({ offset: true, message: "Departed at must be a date and time (ISO 8601)" }).nullable(),
  reason: z.string().trim().min(1, "Please give a reason for the correction").max(500),
});
export type StopCorrectionInput = z.input<typeof stopCorrectionSchema>;

export const STOP_MSG = {
  future: "The time cannot be in the future",
  departureBeforeArrival: "Departure cannot be before arrival",
  deliveryBeforePickup: "Arrival at delivery cannot be before departure from pickup",
  noArrival: "Record the arrival before the departure",
  alreadyArrived: "Arrival at this stop is already recorded",
  alreadyDeparted: "Departure from this stop is already recorded",
  notBooked: "Stops can only be recorded on a booked load",
} as const;

export interface WaitingTimeSettings {
  freeMinutes: number;
  ratePerHour: number;
  maxHours: number;
  claimDays: number;
}
export const WAITING_TIME_DEFAULTS: WaitingTimeSettings = { freeMinutes: 120, ratePerHour: 30, maxHours: 4, claimDays: 7 };

const pennies = (v: number) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6;
export const waitingTimeSettingsSchema = z.object({
  freeMinutes: z.number().int("Free minutes must be a whole number").min(0, "Free minutes must be between 0 and 480").max(480, "Free minutes must be between 0 and 480"),
  ratePerHour: z.number().min(0, "Rate per hour must be between £0 and £500").max(500, "Rate per hour must be between £0 and £500").refine(pennies, "Rate per hour can have at most 2 decimal places"),
  maxHours: z.number().int("Maximum hours must be a whole number").min(1, "Maximum hours must be between 1 and 24").max(24, "Maximum hours must be between 1 and 24"),
  claimDays: z.number().int("Claim days must be a whole number").min(1, "Claim days must be between 1 and 90").max(90, "Claim days must be between 1 and 90"),
});

export const CLAIM_STATUSES = ["pending", "approved", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };

export interface WaitingClaim {
  id: string;
  loadId: string;
  loadNumber: string;
  companyId: string;
  /** the carrier company's name as it is now */
  companyName: string;
  stop: Stop;
  arrivedAt: string;
  departedAt: string;
  evidence: StopEvidence;
  /** departure − arrival */
  minutes: number;
  /** max(0, minutes − free), capped at maxHours × 60 */
  chargeableMinutes: number;
  /** pounds, chargeableMinutes / 60 × rate, half up to the penny */
  amount: number;
  status: ClaimStatus;
  /** what staff approved (≤ amount); null until approved */
  decidedAmount: number | null;
  /** the carrier's note when pending; staff's reason once a lower amount or a rejection */
  note: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** POST /api/loads/{id}/waiting-claims */
export const waitingClaimSchema = z.object({
  stop: z.enum(STOPS, "Stop must be pickup or delivery"),
  note: z.string().trim().max(1000, "Note can be at most 1,000 characters").optional(),
});
/** GET /api/waiting-claims */
export const waitingClaimListSchema = pageQuerySchema.extend({
  status: z.enum(CLAIM_STATUSES).optional(),
  companyId: z.uuid().optional(),
  /** part of the load's number or of the carrier company's name (staff; a carrier's list is their own company's anyway) */
  search: z.string().trim().max(100, "Search can be at most 100 characters").optional(),
});
/** POST /api/waiting-claims/{id}/approve */
export const approveClaimSchema = z.object({
  amount: z.number().min(0).refine(pennies, "Amount can have at most 2 decimal places").optional(),
  reason: z.string().trim().max(500).optional(),
});
/** POST /api/waiting-claims/{id}/reject */
export const rejectClaimSchema = z.object({
  reason: z.string().trim().min(1, "Please give a reason").max(500),
});

export const CLAIM_MSG = {
  nothingChargeable: "No waiting time beyond the free period",
  stopNotFinished: "Record the arrival and departure at this stop before claiming",
  windowClosed: "The claim window for this stop has closed",
  alreadyClaimed: "Waiting time at this stop has already been claimed",
  notPending: "This claim has already been decided",
  moreThanClaimed: "The approved amount cannot be more than was claimed",
  lowerNeedsReason: "Please give a reason for approving a lower amount",
  /** approving £0.00 pays nothing: that is a rejection, which carries its reason */
  staffCannotClaim: "Only the carrier holding the load can claim waiting time",
  approveZero: "To pay nothing, reject the claim with a reason",
} as const;

/** Where a carrier's Claims list lives in the web app (the decision's email links there). */
export const MY_CLAIMS_PATH = "/claims";

/** "2 h 15 min", "45 min", "2 h" */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The invoice line of an approved claim: "Waiting time at delivery: 2 h 15 min beyond 2 h free" */
export function waitingLineDescription(stop: Stop, chargeableMinutes: number, freeMinutes: number): string {
  return `Waiting time at ${STOP_LABELS[stop]}: ${formatMinutes(chargeableMinutes)} beyond ${formatMinutes(freeMinutes)} free`;
}
