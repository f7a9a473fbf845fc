// The scorecard's reaction to one domain event: the facts it adds to the rows of the
// load and company it is about (decision 0034). The same function runs after commit
// as events happen and, from seq 0, when the rows are rebuilt from the log, so the
// two cannot disagree. What an event does not carry (the load's time and dates, the
// POD's signed dates, its postcodes) is read from the load as it is now.
import type { DbOrTx } from "../../db/client";
import type { DomainEvent, EventType } from "../../../contract/events";
import { CARRIER_WITHDREW } from "../../../contract/schemas/scorecard";
import { ukDayKey } from "../../../contract/wall-clock";
import * as repo from "./scorecards.repository";
import { daysOfLoad, recountCompany, recountDays } from "./scorecard-days";
import { minutesBetween, podHoursOf, postcodeAreaOf, punctuality } from "./scorecard-rules";

/** The events the scorecard is kept from. */
export const SCORECARD_EVENT_TYPES = [
  "load.accepted",
  "load.completed",
  "load.edited",
  "load.cancelled",
  "load.made_available",
  "pod.submitted",
  "stop.recorded",
  "claim.submitted",
  "claim.decided",
  "invoice.issued",
  "invoice.paid",
  "company.merged",
] as const satisfies readonly EventType[];

/** Whether staff's reset reason names a hand-back ("carrier withdrew", any case, spaces aside). */
export const isHandBack = (reason: string | undefined): boolean => (reason ?? "").trim().toLowerCase() === CARRIER_WITHDREW;

/**
 * The reaction to one event as it happens: its facts, then the day sums of every
 * (company, day) the load's rows counted on before or count on after it.
 */
export async function reactToScorecardEvent(db: DbOrTx, event: DomainEvent): Promise<string[]> {
  // claims and invoices have rows of their own: only a load's events move its day sums
  const loadId = event.type.startsWith("load.") || event.type === "pod.submitted" || event.type === "stop.recorded" ? event.loadId : null;
  const before = loadId ? await daysOfLoad(db, loadId) : [];
  const touched = await applyScorecardEvent(db, event);
  if (loadId) await recountDays(db, [...before, ...(await daysOfLoad(db, loadId))]);
  if (event.type === "company.merged") for (const id of [event.data.companyId, event.data.intoCompanyId]) await recountCompany(db, id);
  return touched;
}

/** Apply one event's facts (the replay runs this alone and recounts the day sums once at the end); returns the companies whose figures it touched. */
export async function applyScorecardEvent(db: DbOrTx, event: DomainEvent): Promise<string[]> {
  const at = new Date(event.occurredAt);
  const loadId = event.loadId;
  switch (event.type) {
    case "load.accepted": {
      if (!loadId) return [];
      const companyId = await repo.companyOfCarrier(db, { name: event.data.carrierName, userId: event.data.carrierId });
      await repo.releaseLoad(db, loadId);
      if (!companyId) return [];
      await repo.startBooking(db, { loadId, companyId, loadNumber: event.loadNumber ?? "", acceptedAt: at });
      return [companyId];
    }
    case "stop.recorded": {
      if (!loadId) return [];
      const { companyId, stop } = event.data;
      await repo.ensureRow(db, { loadId, companyId, loadNumber: event.loadNumber ?? "" });
      const arrivedAt = event.data.arrivedAt ? new Date(event.data.arrivedAt) : null;
      const departedAt = event.data.departedAt ? new Date(event.data.departedAt) : null;
      await repo.setStopTimes(db, { loadId, companyId, stop, arrivedAt, departedAt });
      const load = await repo.loadTerms(db, loadId);
      const area = postcodeAreaOf(stop === "pickup" ? load?.pickupZip : load?.deliveryZip);
      // a visit is a stop with both times; a correction that removes one removes it
      if (area && arrivedAt && departedAt) await repo.saveVisit(db, { loadId, stop, companyId, postcodeArea: area, day: ukDayKey(arrivedAt), minutes: Math.max(0, minutesBetween(arrivedAt, departedAt)) });
      else await repo.deleteVisit(db, loadId, stop);
      await refreshRow(db, loadId, companyId);
      return [companyId];
    }
    case "pod.submitted":
    case "load.completed":
    case "load.edited": {
      if (!loadId) return [];
      const companyId = await holderOf(db, loadId, event.loadNumber);
      if (!companyId) return [];
      if (event.type === "pod.submitted") await repo.setFirst(db, { loadId, companyId, column: "podSubmittedAt", at });
      if (event.type === "load.completed") await repo.setCompleted(db, { loadId, companyId, at, day: ukDayKey(at) });
      await refreshRow(db, loadId, companyId);
      return [companyId];
    }
    case "load.cancelled":
    case "load.made_available": {
      if (!loadId) return [];
      const released = await repo.releaseLoad(db, loadId);
      if (event.data.fromStatus === "completed") await repo.deleteUnpaidInvoicesOf(db, loadId);
      // a hand-back: staff reset a held load with the reason "carrier withdrew"
      if (event.type === "load.made_available" && event.data.via === "reset" && isHandBack(event.data.reason)) {
        // a load booked before the log began has no row yet: the company of the carrier who held it
        const byHolder = released.length ? null : await repo.companyOfCarrier(db, { name: null, userId: event.data.heldBy });
        if (byHolder) {
          await repo.ensureRow(db, { loadId, companyId: byHolder, loadNumber: event.loadNumber ?? "" });
          await repo.releaseLoad(db, loadId);
          released.push(byHolder);
        }
        for (const companyId of released) await repo.setHandedBack(db, { loadId, companyId, at, day: ukDayKey(at) });
      }
      return released;
    }
    case "claim.submitted":
    case "claim.decided": {
      const c = event.data.claim;
      await repo.saveClaim(db, {
        claimId: c.id,
        loadId: c.loadId,
        companyId: c.companyId,
        submittedAt: new Date(c.createdAt),
        day: ukDayKey(new Date(c.createdAt)),
        status: c.status,
        decidedAt: c.decidedAt ? new Date(c.decidedAt) : null,
        amountApproved: c.status === "approved" ? (c.decidedAmount ?? c.amount) : null,
      });
      return [];
    }
    case "invoice.issued":
    case "invoice.paid": {
      const inv = event.data.invoice;
      if (event.type === "invoice.issued" && event.data.replaces) await repo.deleteInvoiceNumbered(db, event.data.replaces);
      await repo.saveInvoice(db, { invoiceId: inv.id, number: inv.number, loadId: inv.loadId, companyId: inv.companyId, issuedOn: inv.issuedOn, dueOn: inv.dueOn, paidOn: inv.paidOn });
      return [];
    }
    case "company.merged":
      await repo.moveCompany(db, event.data.companyId, event.data.intoCompanyId);
      await repo.deleteSummary(db, event.data.companyId);
      return [event.data.intoCompanyId];
    default:
      return [];
  }
}

/** The company holding the load by our rows, else by the load's own booking (a load booked before the log). */
async function holderOf(db: DbOrTx, loadId: string, loadNumber: string | null): Promise<string | null> {
  const held = await repo.heldCompany(db, loadId);
  if (held) return held;
  const load = await repo.loadTerms(db, loadId);
  if (!load || (!load.acceptedBy && !load.acceptedByCarrier)) return null;
  const companyId = await repo.companyOfCarrier(db, { name: load.acceptedByCarrier, userId: load.acceptedBy });
  if (companyId) await repo.startBooking(db, { loadId, companyId, loadNumber: loadNumber ?? load.loadNumber, acceptedAt: load.acceptedAt });
  return companyId;
}

/** Punctuality and POD hours of one row, from its facts and the load as it is now. */
export async function refreshRow(db: DbOrTx, loadId: string, companyId: string): Promise<void> {
  const [row, load] = await Promise.all([repo.findRow(db, loadId, companyId), repo.loadTerms(db, loadId)]);
  if (!row || !load) return;
  await repo.setFigures(db, {
    loadId,
    companyId,
    collection: punctuality(
      { timeType: load.pickupTimeType, date: load.pickupDate, startTime: load.pickupStartTime, endTime: load.pickupEndTime },
      row.pickupArrivedAt,
      load.pickupSignedDate,
    ),
    delivery: punctuality(
      { timeType: load.deliveryTimeType, date: load.deliveryDate, startTime: load.deliveryStartTime, endTime: load.deliveryEndTime },
      row.deliveryArrivedAt,
      load.deliverySignedDate,
    ),
    podHours: podHoursOf({ deliveryDepartedAt: row.deliveryDepartedAt, deliverySignedDate: load.deliverySignedDate, podSubmittedAt: row.podSubmittedAt }),
  });
}
