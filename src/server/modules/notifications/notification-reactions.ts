// Who hears of what, as reactions to domain events after they commit: staff of an
// acceptance at the listed price, a new or updated bid and a POD; the carrier of
// their booking's approval (with the PO number), reset or cancellation; a bidder
// of their bid accepted or closed. The texts are in notification-events.ts.
import { inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { loads, users } from "../../db/schema";
import type { DomainEvent } from "../../../contract/events";
import {
  notifyBidAccepted,
  notifyBidPlaced,
  notifyBidRejected,
  notifyBookingChange,
  notifyLoadAccepted,
  notifyPodSubmitted,
  notifyVatNumberProposed,
} from "./notification-events";
import { registerDocumentReviewNotices } from "./document-review-notices";
import { registerCounterNotices } from "./counter-notices";

type Load = { id: string; loadNumber: string; pickupCity: string; deliveryCity: string };
type Who = { id: string; name: string; carrierName: string | null };

/** The loads and people the events speak of, read once for the batch. */
async function readParties(tx: Tx, events: DomainEvent[]) {
  const loadIds = [...new Set(events.map((e) => e.loadId).filter((id): id is string => Boolean(id)))];
  const userIds = [...new Set(events.map((e) => e.actor?.id).filter((id): id is string => Boolean(id)))];
  const [loadRows, userRows] = await Promise.all([
    loadIds.length
      ? tx.select({ id: loads.id, loadNumber: loads.loadNumber, pickupCity: loads.pickupCity, deliveryCity: loads.deliveryCity }).from(loads).where(inArray(loads.id, loadIds))
      : [],
    userIds.length ? tx.select({ id: users.id, name: users.name, carrierName: users.carrierName }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  return { loads: new Map<string, Load>(loadRows.map((l) => [l.id, l])), users: new Map<string, Who>(userRows.map((u) => [u.id, u])) };
}

export function registerNotificationReactions(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "notifications",
    types: ["load.accepted", "load.approved", "load.cancelled", "load.made_available", "bid.placed", "bid.accepted", "bid.rejected", "pod.submitted"],
    async handle(events, { tx }) {
      const parties = await readParties(tx, events);
      for (const event of events) {
        const load = event.loadId ? parties.loads.get(event.loadId) : undefined;
        if (!load) continue; // a load deleted since: nobody to tell about it
        const actor = event.actor ? { id: event.actor.id } : null;
        // the actor as they are now, else as the event named them
        const who: Who | undefined = event.actor ? (parties.users.get(event.actor.id) ?? { ...event.actor, carrierName: null }) : undefined;
        const base = { ctx, tx, actor, load };
        switch (event.type) {
          case "load.accepted":
            // at the listed price: every staff user (a bid's award is told by bid.accepted)
            if (event.data.via === "listed" && who) await notifyLoadAccepted({ ...base, carrier: who, price: event.data.price });
            break;
          case "load.approved":
            await notifyBookingChange({ ...base, kind: "approve", carrierId: event.data.carrierId, poNumber: event.data.poNumber });
            break;
          case "load.cancelled":
            if (event.data.heldBy) await notifyBookingChange({ ...base, kind: "cancel", carrierId: event.data.heldBy });
            break;
          case "load.made_available":
            if (event.data.via === "reset") await notifyBookingChange({ ...base, kind: "reset", carrierId: event.data.heldBy });
            break;
          case "bid.placed":
            if (who) await notifyBidPlaced({ ...base, carrier: who, amount: event.data.bid.bidAmount, updated: event.data.updated });
            break;
          case "bid.accepted":
            await notifyBidAccepted({ ...base, carrierId: event.data.bid.carrierId, amount: event.data.bid.bidAmount });
            break;
          case "bid.rejected":
            await notifyBidRejected({ ...base, carrierId: event.data.bid.carrierId, amount: event.data.bid.bidAmount, taken: event.data.taken });
            break;
          case "pod.submitted":
            if (who) await notifyPodSubmitted({ ...base, by: who, completed: event.data.completed });
            break;
        }
      }
    },
  });

  // staff verified or rejected a company document: its members hear of it
  registerDocumentReviewNotices(ctx);

  // a counter-offer: the bidder hears of it; its acceptance: every staff user
  registerCounterNotices(ctx);

  // a member's VAT number waits for staff: every staff user hears of it
  ctx.events.afterCommit({
    name: "vat-number-notices",
    types: ["company.vat_number_proposed"],
    async handle(events, { tx }) {
      for (const event of events) {
        const { companyName, vatNumber, current } = event.data;
        await notifyVatNumberProposed({ ctx, tx, actor: event.actor, by: event.actor?.name ?? "A member", companyName, vatNumber, current });
      }
    },
  });
}
