// Whether the phone's position backs a recorded stop time: sent with an accuracy
// of 1,000 m or better and within 10 miles of the centre of the stop's postcode
// district (the district centroids the distance estimate uses). Anything else is
// "declared": the time stands, on the driver's word. Staff entries are "staff".
import { EVIDENCE_MAX_ACCURACY_M, EVIDENCE_RADIUS_MILES, type Position, type StopEvidence } from "../../../contract/schemas/claim";
import { haversineMiles } from "../distance/distance.service";
import { loadPostcodeTable, parsePostcode, type Point, type PostcodeTable } from "../distance/postcodes";

export interface PositionCheck {
  evidence: StopEvidence;
  /** miles from the district centre, when the district is known (kept with the position for staff) */
  distanceMiles: number | null;
}

/**
 * The centre of the postcode's district; null when the postcode cannot be read or
 * its district is not in the table. The area's mean centre is not used: an area
 * (all of "LS") is far wider than the 10 miles the rule means.
 */
export function districtCentre(table: PostcodeTable | null, postcode: string | null): Point | null {
  if (!table || !postcode) return null;
  const parsed = parsePostcode(postcode);
  const hit = parsed ? table.outcodes.get(parsed.outward) : undefined;
  return hit ? { lat: hit.lat, lon: hit.lon } : null;
}

/** The evidence word for a position sent by a carrier (pure: the centre is looked up by the caller). */
export function judgePosition(position: Position | undefined, centre: Point | null): PositionCheck {
  if (!position) return { evidence: "declared", distanceMiles: null };
  const distanceMiles = centre ? haversineMiles(centre, { lat: position.lat, lon: position.lng }) : null;
  const backed = distanceMiles !== null && position.accuracyM <= EVIDENCE_MAX_ACCURACY_M && distanceMiles <= EVIDENCE_RADIUS_MILES;
  return { evidence: backed ? "position" : "declared", distanceMiles };
}

/** The position judged against the stop's postcode, with the table the server is configured with. */
export async function checkPosition(opts: { postcodeData: string | undefined; postcode: string | null; position: Position | undefined }): Promise<PositionCheck> {
  if (!opts.position) return { evidence: "declared", distanceMiles: null };
  const table = await loadPostcodeTable(opts.postcodeData);
  return judgePosition(opts.position, districtCentre(table, opts.postcode));
}
