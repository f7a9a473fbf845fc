// The booking rule in one pure function: what the compliance settings say of a
// booking by a carrier whose company has `status` (null: no company, held to the
// rules as one with no documents) of a load needing `forsRequirement`. assertMayBook
// throws its answer inside the booking transaction; Manage Bids and the settings
// preview show the same answer before anyone clicks.
import { FORS_LEVELS, type ForsLevel } from "../../../contract/constants";
import { COMPANY_MSG, bidderForsRequiredMessage, forsMeets, forsRequiredMessage, type ComplianceSettings } from "../../../contract/schemas/company";
import type { CompanyCompliance } from "./compliance.service";

/** An unknown value on a load is no requirement (as the board reads it). */
export const asForsLevel = (v: string | null | undefined): ForsLevel => ((FORS_LEVELS as readonly string[]).includes(v ?? "") ? (v as ForsLevel) : "");

/**
 * The refusal message, or null when the booking is allowed. Compliance comes
 * first (it blocks every load). `awarding`: staff award a bid, so the words
 * speak of the carrier rather than to them.
 */
export function bookingRefusal(
  settings: ComplianceSettings,
  status: CompanyCompliance | null,
  forsRequirement: string | null | undefined,
  opts: { awarding?: boolean } = {},
): string | null {
  const required = asForsLevel(forsRequirement);
  if (settings.requireCompliance && (!status || status.compliance === "non_compliant")) {
    return opts.awarding ? COMPANY_MSG.bidderNotCompliant : COMPANY_MSG.notCompliant;
  }
  if (settings.enforceFors && required !== "" && !forsMeets(status?.verifiedForsLevel ?? "", required)) {
    return opts.awarding ? bidderForsRequiredMessage(required) : forsRequiredMessage(required);
  }
  return null;
}
