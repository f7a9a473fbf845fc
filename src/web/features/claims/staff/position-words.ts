// A kept position in words for staff: where the phone was, how sure it was, and
// how far from the stop's postcode district centre (the evidence rule's measure),
// with a link to see it on a map.
import { EVIDENCE_MAX_ACCURACY_M, EVIDENCE_RADIUS_MILES } from "@contract/schemas/claim";
import type { StopPosition } from "@contract/schemas/stop-responses";

/** "Pickup arrival", "Delivery departure" */
export function positionHeading(p: Pick<StopPosition, "stop" | "kind">): string {
  return `${p.stop === "pickup" ? "Pickup" : "Delivery"} ${p.kind}`;
}

const int = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const oneDp = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "51.45324, -2.59381 (±25 m)": five decimals is about a metre, more than any phone claims */
export function positionText(p: Pick<StopPosition, "lat" | "lng" | "accuracyM">): string {
  return `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)} (±${int.format(Math.round(p.accuracyM))} m)`;
}

/** "0.4 miles from the district centre" */
export function distanceText(p: Pick<StopPosition, "distanceMiles">): string {
  if (p.distanceMiles === null) return "District centre not known";
  const miles = oneDp.format(p.distanceMiles);
  return `${miles} ${miles === "1.0" ? "mile" : "miles"} from the district centre`;
}

/** Whether this position would back a time (what the evidence rule asks), for a short mark beside it. */
export function countsAsEvidence(p: Pick<StopPosition, "accuracyM" | "distanceMiles">): boolean {
  return p.distanceMiles !== null && p.distanceMiles <= EVIDENCE_RADIUS_MILES && p.accuracyM <= EVIDENCE_MAX_ACCURACY_M;
}

export function mapLink(p: Pick<StopPosition, "lat" | "lng">): string {
  const q = new URLSearchParams({ mlat: String(p.lat), mlon: String(p.lng) });
  return `https://www.openstreetmap.org/?${q.toString()}#map=15/${p.lat}/${p.lng}`;
}
