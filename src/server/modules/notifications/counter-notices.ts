// Counter-offers in the bell, by email and on the live stream, after they commit:
// the bidder hears of staff's counter (bid_countered: the amount and until when),
// and every staff user of a bidder taking one (counter_accepted). Texts name the
// load by its number and towns only, as every notification to a carrier does.
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { loads, users } from "../../db/schema";
import { notify, staffRecipients } from "./notify";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2, maximumFractionDigits: 2 });
// "Mon 23 Nov 2026, 09:00", UK time (ui.md)
const ukDate = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short", year: "numeric" });
const ukTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
export const ukDateTime = (iso: string): string => `${ukDate.format(new Date(iso)).replace(/,/g, "")}, ${ukTime.format(new Date(iso))}`;

async function loadOf(tx: DbOrTx, id: string) {
  const [load] = await tx.select({ id: loads.id, loadNumber: loads.loadNumber, pickupCity: loads.pickupCity, deliveryCity: loads.deliveryCity }).from(loads).where(eq(loads.id, id));
  return load;
}

/** What a counter-offer says to the bidder: the amount against their bid, and until when it stands. */
export function counteredText(o: { loadNumber: string; route: string; bidAmount: number; counterAmount: number; expiresAt: string; note: string | null }) {
  return {
    title: `Counter-offer on load ${o.loadNumber}: ${gbp.format(o.counterAmount)}`,
    body:
      `Staff countered your bid of ${gbp.format(o.bidAmount)} on load ${o.loadNumber} (${o.route}) at ${gbp.format(o.counterAmount)}. ` +
      `Accept or decline it before ${ukDateTime(o.expiresAt)}; after that your bid is pending again at its own amount.` +
      (o.note ? ` Note from staff: ${o.note}` : ""),
  };
}

export function registerCounterNotices(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "counter-notices",
    types: ["bid.countered", "load.accepted"],
    async handle(events, { tx }) {
      for (const event of events) {
        if (event.type === "bid.countered") {
          const load = await loadOf(tx, event.loadId!);
          const { bid } = event.data;
          if (!load || bid.counterAmount == null || !bid.counterExpiresAt) continue;
          await notify({
            ctx,
            tx,
            type: "bid_countered",
            recipients: [bid.carrierId],
            actorId: event.actor?.id ?? null,
            loadId: load.id,
            ...counteredText({ loadNumber: load.loadNumber, route: `${load.pickupCity} → ${load.deliveryCity}`, bidAmount: bid.bidAmount, counterAmount: bid.counterAmount, expiresAt: bid.counterExpiresAt, note: bid.counterNote ?? null }),
          });
        } else if (event.type === "load.accepted" && event.data.via === "counter") {
          const load = await loadOf(tx, event.loadId!);
          if (!load) continue;
          const [carrier] = event.data.carrierId ? await tx.select({ name: users.name, carrierName: users.carrierName }).from(users).where(eq(users.id, event.data.carrierId)) : [];
          const by = carrier ? (carrier.carrierName ? `${carrier.name} (${carrier.carrierName})` : carrier.name) : (event.data.carrierName ?? "The carrier");
          await notify({
            ctx,
            tx,
            type: "counter_accepted",
            recipients: await staffRecipients(tx),
            actorId: event.actor?.id ?? null,
            loadId: load.id,
            title: `Counter-offer accepted on load ${load.loadNumber}`,
            body: `${by} accepted the counter-offer of ${gbp.format(event.data.price)} on load ${load.loadNumber} (${load.pickupCity} → ${load.deliveryCity}): the load is theirs at that price.`,
          });
        }
      }
    },
  });
}
