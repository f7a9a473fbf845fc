// What a waiting-time claim is worth, worked out by the server from the recorded
// stop and the network's terms (never from anything the carrier types). Pure: no
// database, no clock; the service passes both in.
//
// - minutes: departure − arrival in whole minutes, rounded DOWN. A part minute is
//   not a minute waited yet: the phone's times carry seconds, and counting a
//   started minute would let 2 h 0 min 1 s beat a free period of exactly 2 h.
// - chargeable: the minutes beyond the free period, never below 0, and never more
//   than maxHours × 60 (the cap is on the chargeable time, as the contract says).
// - amount: chargeable / 60 × rate per hour, in exact decimals, half up to the penny.
// - the window: a claim may be sent until the end of the UK calendar day that is
//   claimDays after the departure's UK day (a carrier counts days, not hours: left
//   on Friday at 17:00 with 7 days, the last day to claim is the next Friday).
import { ukDayKey } from "../../../contract/wall-clock";
import type { WaitingTimeSettings } from "../../../contract/schemas/claim";
import { dec, moneyText } from "../invoices/invoice-money";
import { addDays } from "../invoices/invoice-text";

export interface ClaimPrice {
  minutes: number;
  chargeableMinutes: number;
  /** 2-decimal text, as the numeric column takes it */
  amount: string;
}

/** Whole minutes from arrival to departure (a departure before its arrival counts as 0). */
export function waitedMinutes(arrivedAt: Date, departedAt: Date): number {
  return Math.max(0, Math.floor((departedAt.getTime() - arrivedAt.getTime()) / 60_000));
}

/** The claim's minutes, chargeable minutes and amount under `terms`. */
export function priceClaim(stop: { arrivedAt: Date; departedAt: Date }, terms: Pick<WaitingTimeSettings, "freeMinutes" | "ratePerHour" | "maxHours">): ClaimPrice {
  const minutes = waitedMinutes(stop.arrivedAt, stop.departedAt);
  const chargeableMinutes = Math.min(Math.max(0, minutes - terms.freeMinutes), terms.maxHours * 60);
  const amount = moneyText(dec(chargeableMinutes).times(dec(terms.ratePerHour)).dividedBy(60));
  return { minutes, chargeableMinutes, amount };
}

/** Nothing to pay: no minute beyond the free period, or too little to make a penny. */
export const nothingChargeable = (price: ClaimPrice): boolean => price.chargeableMinutes === 0 || dec(price.amount).isZero();

/** The last UK day on which a claim for a stop left at `departedAt` may be sent. */
export const lastClaimDay = (departedAt: Date, claimDays: number): string => addDays(ukDayKey(departedAt), claimDays);

/** May a claim for a stop left at `departedAt` still be sent at `now`? */
export const claimWindowOpen = (departedAt: Date, now: Date, claimDays: number): boolean => ukDayKey(now) <= lastClaimDay(departedAt, claimDays);
