// Why a carrier cannot book a load, worked out on the board before any button is
// pressed: the board shows why and disables the buttons instead of letting the
// carrier find out. The same rules as the
// server's 409s, from one cached GET /api/compliance/me and the load's own
// forsRequirement: nothing is fetched per card. The server still decides, inside
// the booking transaction; this only spares the carrier a failing button.
import { FORS_LEVELS, type ForsLevel } from "@contract/constants";
import { COMPANY_MSG, forsMeets, forsRequiredMessage } from "@contract/company-rules";
import type { ComplianceMe } from "./compliance-me";

export type BookingBlock =
  | { reason: "compliance"; message: string; next: string }
  | { reason: "fors"; level: ForsLevel; message: string; next: string };

export const BOOKING_NEXT = {
  compliance: "Upload your vehicle insurance and goods in transit insurance on your Company page. You can book as soon as staff have verified them.",
  fors: (level: ForsLevel) => `Upload your FORS ${level} certificate on your Company page, with FORS ${level} or above as your level. You can book as soon as staff have verified it.`,
  noCompany: "Your account is not linked to a carrier company yet. Please contact the office.",
} as const;

const asForsLevel = (v: string | null | undefined): ForsLevel => ((FORS_LEVELS as readonly string[]).includes(v ?? "") ? (v as ForsLevel) : "");

/**
 * null when the carrier may book the load (or we cannot tell yet: the server
 * checks anyway). Staff are never blocked (they are not a carrier company); a
 * carrier with no company is held to the rules as one with no documents, as the
 * server holds them (companies/compliance.service.ts assertMayBook).
 * Compliance comes first, as it blocks every load.
 */
export function bookingBlock(me: ComplianceMe | null | undefined, load: { forsRequirement?: string | null }, opts: { isStaff?: boolean } = {}): BookingBlock | null {
  if (!me || opts.isStaff) return null;
  const noCompany = !me.companyId;
  if (me.requireCompliance && (noCompany || me.compliance === "non_compliant")) {
    return { reason: "compliance", message: COMPANY_MSG.notCompliant, next: noCompany ? BOOKING_NEXT.noCompany : BOOKING_NEXT.compliance };
  }
  const required = asForsLevel(load.forsRequirement);
  if (me.enforceFors && required && !forsMeets(asForsLevel(me.verifiedForsLevel), required)) {
    return { reason: "fors", level: required, message: forsRequiredMessage(required), next: noCompany ? BOOKING_NEXT.noCompany : BOOKING_NEXT.fors(required) };
  }
  return null;
}

export type BoardNotice = { tone: "blocked" | "expiring"; title: string; text: string };

/**
 * The one line above the board's cards about the carrier's own standing: blocked
 * from every load, or insurance running out within 30 days (still bookable, but
 * not for long). FORS is per load, so it is said on each card only.
 */
export function boardNotice(me: ComplianceMe | null | undefined, opts: { isStaff?: boolean } = {}): BoardNotice | null {
  if (!me || opts.isStaff) return null;
  if (me.requireCompliance && (!me.companyId || me.compliance === "non_compliant")) {
    return { tone: "blocked", title: COMPANY_MSG.notCompliant, text: me.companyId ? BOOKING_NEXT.compliance : BOOKING_NEXT.noCompany };
  }
  if (me.compliance === "expiring") {
    return {
      tone: "expiring",
      title: "Your insurance expires within 30 days.",
      text: me.requireCompliance
        ? "Upload the renewed documents on your Company page before then, or you will not be able to book loads."
        : "Upload the renewed documents on your Company page before then.",
    };
  }
  return null;
}
