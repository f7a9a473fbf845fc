// What a truck's company reads (in the bell and by email unless turned off): a load
// offered by staff or found by matching (truck_offer), and the loads home from a load
// just booked (return_loads). Texts name loads by number, towns, day, price and
// equipment, as every notification to a carrier does: never a postcode, address or
// contact of a load they do not hold (load-visibility.ts).
import type { LoadRow, TruckRow } from "../../db/schema";
import { RETURN_LOADS_NAMED } from "../../../contract/schemas/truck";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2, maximumFractionDigits: 2 });
// "Mon 23 Nov 2026", UK time (ui.md)
const ukDate = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short", year: "numeric" });
export const ukDay = (d: Date): string => ukDate.format(d).replace(/,/g, "");
/** A YYYY-MM-DD UK day as "Thu 26 Nov 2026" (noon UTC is that day in London all year). */
const dayText = (day: string): string => ukDay(new Date(`${day}T12:00:00Z`));

type NoticeLoad = Pick<LoadRow, "loadNumber" | "pickupCity" | "deliveryCity" | "pickupDate" | "price" | "equipmentType">;
type NoticeTruck = Pick<TruckRow, "originPostcode" | "availableOn" | "availableUntil" | "destinationPostcode">;

function loadLine(l: NoticeLoad): string {
  const day = l.pickupDate ? ukDay(l.pickupDate) : "date to be agreed";
  return `${l.pickupCity} → ${l.deliveryCity}, pickup ${day}, ${gbp.format(Number(l.price))}, ${l.equipmentType}`;
}

function truckLine(t: NoticeTruck): string {
  const when = t.availableUntil && t.availableUntil !== t.availableOn ? `from ${dayText(t.availableOn)} to ${dayText(t.availableUntil)}` : `on ${dayText(t.availableOn)}`;
  return `your truck free in ${t.originPostcode} ${when}${t.destinationPostcode ? ` heading for ${t.destinationPostcode}` : ""}`;
}

/** truck_offer: staff's offer (match false) or a load that matched on posting (match true). */
export function truckOfferText(load: NoticeLoad, truck: NoticeTruck, match: boolean): { title: string; body: string } {
  if (match) {
    return {
      title: `New load ${load.loadNumber} matches your truck in ${truck.originPostcode}`,
      body: `Load ${load.loadNumber} (${loadLine(load)}) matches ${truckLine(truck)}. Book it on the board as any load: the first carrier to book it has it.`,
    };
  }
  return {
    title: `Load ${load.loadNumber} offered for your truck in ${truck.originPostcode}`,
    body: `Staff offer load ${load.loadNumber} (${loadLine(load)}) for ${truckLine(truck)}. Book it on the board as any load: the first carrier to book it has it.`,
  };
}

/** return_loads: how many loads home there are from the booked load's delivery, naming up to three. */
export function returnLoadsText(booked: Pick<LoadRow, "loadNumber" | "deliveryCity">, loads: NoticeLoad[], total: number): { title: string; body: string } {
  const named = loads.slice(0, RETURN_LOADS_NAMED).map((l) => `${l.loadNumber} (${loadLine(l)})`);
  const more = total > named.length ? `, and ${total - named.length} more` : "";
  const count = total === 1 ? "1 load picks" : `${total} loads pick`;
  return {
    title: `Return loads from ${booked.deliveryCity} for load ${booked.loadNumber}`,
    body: `${count} up near ${booked.deliveryCity} on the delivery day of load ${booked.loadNumber} or the two days after: ${named.join("; ")}${more}. See them under Return loads on the load.`,
  };
}
