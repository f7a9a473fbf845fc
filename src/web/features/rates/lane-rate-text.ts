// The words of the lane-rate hint (staff see "Typical £2.10/mile on this lane,
// 14 loads"), worked out
// apart from React so they are tested on their own. docs/decisions/0011-lane-rates.md.
import { LANE_RATE_MIN_COUNT, LANE_RATE_WINDOW_DAYS, type LaneRate } from "@contract/schemas/rate";
import { formatMiles, formatMoney, formatMoneyWhole, formatNumber, formatRate } from "../../lib/format";

export const NOT_ENOUGH_BOOKINGS = "Not enough bookings on this lane yet to show a typical rate";

export interface LaneRateText {
  /** the one line the contract words */
  headline: string;
  /** what it means for this load, the spread, and which lane: smaller, under the headline */
  detail: string;
}

/**
 * "≈ £420 for 200 miles": the median rate times this load's miles, in whole pounds (an
 * estimate, not a price). Worked in pence: the rate has two decimals, miles are whole.
 */
export function impliedPrice(medianRatePerMile: number, miles: number): number {
  const pence = Math.round(medianRatePerMile * 100) * miles;
  return Math.round(pence / 100);
}

export function laneRateText(rate: LaneRate, opts: { distance?: number | null; showLane?: boolean } = {}): LaneRateText {
  const lane = opts.showLane === false ? null : `${rate.pickupArea} → ${rate.deliveryArea}`;
  const window = `last ${LANE_RATE_WINDOW_DAYS} days`;
  if (rate.count < LANE_RATE_MIN_COUNT || rate.medianRatePerMile === null) {
    const bookings = rate.count === 0 ? "no bookings" : rate.count === 1 ? "1 booking" : `${formatNumber(rate.count)} bookings`;
    return {
      headline: NOT_ENOUGH_BOOKINGS,
      // short enough for one line on a 390 px phone
      detail: `${lane ? `${lane}: ` : ""}${bookings} in ${LANE_RATE_WINDOW_DAYS} days, ${LANE_RATE_MIN_COUNT} needed`,
    };
  }
  const parts: string[] = [];
  const miles = opts.distance;
  if (miles != null && Number.isInteger(miles) && miles > 0) {
    parts.push(`≈ ${formatMoneyWhole(impliedPrice(rate.medianRatePerMile, miles))} for ${formatMiles(miles)}`);
  }
  if (rate.p25 !== null && rate.p75 !== null) {
    parts.push(rate.p25 === rate.p75 ? `half paid ${formatRate(rate.p25)}` : `half paid ${formatMoney(rate.p25)}–${formatRate(rate.p75)}`);
  }
  parts.push(lane ? `${lane}, ${window}` : window);
  return {
    headline: `Typical ${formatRate(rate.medianRatePerMile)} on this lane, ${formatNumber(rate.count)} loads`,
    detail: parts.join(" · "),
  };
}
