// Whose bids changed, for the live streams: a subscriber of the bid events (and of
// a booking handed back, whose accepted bid is rejected with it) that sends one
// 'bids_changed' notice naming the bidders once the change has committed. The bids
// table no longer sends it from a trigger inside the writing transaction, so a bid
// never waits on PostgreSQL's notify lock.
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { whenCommitted } from "../../db/transaction-hooks";
import type { DomainEvent } from "../../../contract/events";

/** the channel the live hub listens on (payload: the bidders' ids as a JSON array) */
export const BIDS_CHANNEL = "bids_changed";

/** the users whose own bids these events changed */
export function biddersOf(events: DomainEvent[]): string[] {
  const who = new Set<string>();
  for (const e of events) {
    if (e.type === "bid.placed" || e.type === "bid.accepted" || e.type === "bid.rejected" || e.type === "bid.countered" || e.type === "bid.counter_declined" || e.type === "bid.counter_expired")
      who.add(e.data.bid.carrierId);
    // the holder's accepted bid was rejected with the booking
    else if (e.type === "load.made_available" && e.data.heldBy) who.add(e.data.heldBy);
  }
  return [...who];
}

export function registerLiveBidNotices(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "live-bids",
    types: ["bid.placed", "bid.accepted", "bid.rejected", "bid.countered", "bid.counter_declined", "bid.counter_expired", "load.made_available"],
    async handle(events, { tx }) {
      const who = biddersOf(events);
      if (!who.length) return;
      await whenCommitted(tx, async (db) => {
        // a lost notice costs only speed: the screens poll
        await db.execute(sql`select pg_notify(${BIDS_CHANNEL}, ${JSON.stringify(who)})`).catch(() => {});
      });
    },
  });
}
