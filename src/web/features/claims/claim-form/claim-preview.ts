// What a claim will be worth before it is sent, worked out the way the server
// prices it (the server's answer is what counts): whole minutes waited (a
// started minute is not yet a minute), the minutes beyond the free period capped
// at the maximum hours, and the amount half up to the penny. Done in whole
// pennies, so no floating-point drift: the rate has at most 2 decimal places.
import type { WaitingTimeSettings } from "@contract/schemas/claim";

export interface ClaimPreview {
  minutes: number;
  chargeableMinutes: number;
  /** pounds, to the penny */
  amount: number;
}

export function waitedMinutes(arrivedAt: string, departedAt: string): number {
  return Math.max(0, Math.floor((Date.parse(departedAt) - Date.parse(arrivedAt)) / 60_000));
}

export function previewClaim(arrivedAt: string, departedAt: string, terms: Pick<WaitingTimeSettings, "freeMinutes" | "ratePerHour" | "maxHours">): ClaimPreview {
  const minutes = waitedMinutes(arrivedAt, departedAt);
  const chargeableMinutes = Math.min(Math.max(0, minutes - terms.freeMinutes), terms.maxHours * 60);
  const ratePennies = Math.round(terms.ratePerHour * 100);
  // pennies = chargeable × rate / 60, half up: floor((2n + 60) / 120) with n = chargeable × rate in pennies
  const n = chargeableMinutes * ratePennies;
  const pennies = Math.floor((2 * n + 60) / 120);
  return { minutes, chargeableMinutes, amount: pennies / 100 };
}

/** The last moment a claim may be sent: the end of the UK day claimDays after the departure's UK day. */
export function claimWindowEnds(departedAt: string, claimDays: number): Date {
  const d = new Date(departedAt);
  // the departure's UK calendar day, then claimDays on, to 23:59:59 UK time
  const ymd = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
  const [y, m, day] = ymd.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y, m - 1, day + claimDays, 23, 59, 59));
  // Europe/London is UTC or UTC+1: take the hour off in summer time
  const offset = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "short" }).format(lastDay).includes("BST") ? 60 : 0;
  return new Date(lastDay.getTime() - offset * 60_000);
}
