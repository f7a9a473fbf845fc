// Waiting-time claims: a member of the company holding a booked load claims the
// waiting at one stop beyond the free period; the server prices it from the
// recorded times and the network's terms (claim-pricing.ts); staff approve it
// (perhaps lower, with a reason) or reject it (with a reason). Each change
// publishes its event in its own transaction: claim.submitted, claim.decided.
// What follows from them (the invoice line, notifications, webhooks) is the
// subscribers' business (invoices/invoice-reactions.ts, claim-notices.ts).
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { pageOf } from "../../../contract/schemas/page";
import type { NewEvent } from "../../../contract/events";
import {
  CLAIM_MSG,
  type ClaimStatus,
  type StopEvidence,
  type WaitingClaim,
  type Stop,
  type approveClaimSchema,
  type rejectClaimSchema,
  type waitingClaimListSchema,
  type waitingClaimSchema,
} from "../../../contract/schemas/claim";
import type { z } from "zod";
import { carrierCompanyOf } from "../invoices/invoices.repository";
import { dec, moneyNumber, moneyText } from "../invoices/invoice-money";
import { claimWindowOpen, nothingChargeable, priceClaim } from "./claim-pricing";
import { readWaitingSettings } from "./waiting-settings.repository";
// the stops' own reads of load_stops: a claim needs only the two times and how the arrival was backed
import { stopRows } from "./stops.repository";
import * as repo from "./claims.repository";

export type Viewer = Pick<UserRow, "id" | "role" | "isAdmin" | "companyId" | "name">;

/** Row → contract WaitingClaim. `decidedBy` is the deciding staff member's name as it was then. */
export function toClaim(row: repo.ClaimWithLoad): WaitingClaim {
  return {
    id: row.id,
    loadId: row.loadId,
    loadNumber: row.loadNumber,
    companyId: row.companyId,
    companyName: row.companyName,
    stop: row.stop as Stop,
    arrivedAt: iso(row.arrivedAt)!,
    departedAt: iso(row.departedAt)!,
    evidence: row.evidence as StopEvidence,
    minutes: row.minutes,
    chargeableMinutes: row.chargeableMinutes,
    amount: moneyNumber(row.amount),
    status: row.status as ClaimStatus,
    decidedAmount: row.decidedAmount === null ? null : moneyNumber(row.decidedAmount),
    note: row.note,
    reason: row.reason,
    createdAt: iso(row.createdAt)!,
    decidedAt: iso(row.decidedAt),
    decidedBy: row.decidedByName,
  };
}

function claimEvent(type: "claim.submitted" | "claim.decided", claim: WaitingClaim, actor: Viewer, now: Date): NewEvent {
  // the event keeps its documented snapshot: the company's name is today's, not the event's
  const { companyName: _name, ...snapshot } = claim;
  return { type, occurredAt: now, actor: { id: actor.id, name: actor.name }, loadId: claim.loadId, loadNumber: claim.loadNumber, data: { claim: snapshot } };
}

// ---------------------------------------------------------------- claiming (the holding company)

/**
 * POST /api/loads/{id}/waiting-claims. A load the caller's company does not hold
 * (or that is not booked) is one they may not know of: 404. The stop needs both
 * times (409), the claim window must be open (409), one claim a stop (409), and
 * something must be chargeable (400).
 */
export async function submitClaim(opts: { ctx: AppContext; actor: Viewer; loadId: string; input: z.output<typeof waitingClaimSchema> }): Promise<WaitingClaim> {
  const { ctx, actor, loadId, input } = opts;
  // staff decide claims; they do not send them
  if (isStaffRole(actor)) throw new AppError(403, CLAIM_MSG.staffCannotClaim);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const load = await repo.findLoad(tx, loadId);
    if (!load || !actor.companyId || !["approved", "completed"].includes(load.status)) throw new AppError(404, MSG.notFound);
    // the company the invoice is raised for is the company that may claim (one rule for both)
    const company = await carrierCompanyOf(tx, load);
    if (!company || company.id !== actor.companyId) throw new AppError(404, MSG.notFound);

    const stop = (await stopRows(tx, loadId)).find((r) => r.stop === input.stop);
    if (!stop?.arrivedAt || !stop.departedAt || (stop.companyId && stop.companyId !== company.id)) throw new AppError(409, CLAIM_MSG.stopNotFinished);
    const terms = await readWaitingSettings(tx);
    if (!claimWindowOpen(stop.departedAt, now, terms.claimDays)) throw new AppError(409, CLAIM_MSG.windowClosed);
    const price = priceClaim({ arrivedAt: stop.arrivedAt, departedAt: stop.departedAt }, terms);
    if (nothingChargeable(price)) throw new AppError(400, CLAIM_MSG.nothingChargeable, [{ path: "stop", message: CLAIM_MSG.nothingChargeable }]);

    const row = await repo.insertClaim(tx, {
      loadId,
      companyId: company.id,
      stop: input.stop,
      arrivedAt: stop.arrivedAt,
      departedAt: stop.departedAt,
      // how the arrival was backed: it is the time the waiting is counted from
      evidence: stop.arrivalEvidence ?? stop.departureEvidence ?? "declared",
      ...price,
      freeMinutes: terms.freeMinutes,
      ratePerHour: moneyText(terms.ratePerHour),
      status: "pending",
      note: input.note || null,
      createdBy: actor.id,
      createdAt: now,
    });
    // the stop has a claim already, perhaps sent a moment ago by a colleague
    if (!row) throw new AppError(409, CLAIM_MSG.alreadyClaimed);
    const claim = toClaim({ ...row, loadNumber: load.loadNumber, companyName: company.name });
    await ctx.events.publish(tx, [claimEvent("claim.submitted", claim, actor, now)]);
    return claim;
  });
}

// ---------------------------------------------------------------- reading

/** GET /api/waiting-claims: a carrier their company's (none without one), staff every company's or one's. */
export async function listClaims(opts: { ctx: AppContext; viewer: Viewer; query: z.output<typeof waitingClaimListSchema> }): Promise<{ items: WaitingClaim[]; total: number }> {
  const { ctx, viewer, query } = opts;
  const companyId = isStaffRole(viewer) ? query.companyId : (viewer.companyId ?? null);
  const where = repo.claimWhere({ companyId, status: query.status, search: query.search || undefined });
  const [rows, total] = await Promise.all([repo.listClaimRows(ctx.db, where, pageOf(query)), repo.countClaimRows(ctx.db, where)]);
  return { items: rows.map(toClaim), total };
}

// ---------------------------------------------------------------- deciding (staff)

/**
 * Lock the claim and check it waits for a decision. Two staff deciding at once:
 * the second waits on the row lock and then finds it decided (409).
 */
async function decide(
  ctx: AppContext,
  actor: Viewer,
  id: string,
  decision: (claim: repo.ClaimWithLoad) => { status: "approved" | "rejected"; decidedAmount: string | null; reason: string | null },
): Promise<WaitingClaim> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockClaim(tx, id);
    if (!row) throw new AppError(404, MSG.notFound);
    if (row.status !== "pending") throw new AppError(409, CLAIM_MSG.notPending);
    const set = { ...decision(row), decidedAt: now, decidedBy: actor.id, decidedByName: actor.name };
    await repo.setDecision(tx, id, set);
    const claim = toClaim({ ...row, ...set });
    // invoices add the approved line in this transaction (an in-transaction subscriber)
    await ctx.events.publish(tx, [claimEvent("claim.decided", claim, actor, now)]);
    return claim;
  });
}

const reasonError = (message: string) => new AppError(400, message, [{ path: "reason", message }]);
const amountError = (message: string) => new AppError(400, message, [{ path: "amount", message }]);

/** POST /api/waiting-claims/{id}/approve: the claimed amount, or less with a reason; never more. */
export function approveClaim(opts: { ctx: AppContext; actor: Viewer; id: string; input: z.output<typeof approveClaimSchema> }): Promise<WaitingClaim> {
  const { input } = opts;
  return decide(opts.ctx, opts.actor, opts.id, (claim) => {
    const claimed = dec(claim.amount);
    const amount = input.amount === undefined ? claimed : dec(input.amount);
    if (amount.greaterThan(claimed)) throw amountError(CLAIM_MSG.moreThanClaimed);
    if (amount.isZero()) throw amountError(CLAIM_MSG.approveZero);
    const lower = amount.lessThan(claimed);
    if (lower && !input.reason) throw reasonError(CLAIM_MSG.lowerNeedsReason);
    return { status: "approved", decidedAmount: moneyText(amount), reason: input.reason || null };
  });
}

/** POST /api/waiting-claims/{id}/reject: with the reason the carrier reads. */
export function rejectClaim(opts: { ctx: AppContext; actor: Viewer; id: string; input: z.output<typeof rejectClaimSchema> }): Promise<WaitingClaim> {
  return decide(opts.ctx, opts.actor, opts.id, () => ({ status: "rejected", decidedAmount: null, reason: opts.input.reason }));
}
