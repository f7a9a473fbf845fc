// plain English for every check a field does not word itself (plain-errors.ts)
import { whenMissing, z } from "../plain-errors";
import { MSG } from "../messages";

const required = (msg: string) => z.string({ error: whenMissing(msg) }).trim().min(1, msg).max(200);
const requiredDate = (msg: string) =>
  z
    .string({ error: whenMissing(msg) })
    // abort: an empty date is one message, not also "not a date"
    .min(1, { error: msg, abort: true })
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), msg);

// all four required
export const podInputSchema = z.object({
  pickupSignedBy: required(MSG.pickupSignature),
  pickupSignedDate: requiredDate(MSG.pickupDate),
  deliverySignedBy: required(MSG.deliverySignature),
  deliverySignedDate: requiredDate(MSG.deliveryDate),
  signedPaperworkUrl: z.string().max(2000).nullable().optional(),
});
export type PodInput = z.input<typeof podInputSchema>;

export type PodStatus = "Pending" | "Partial" | "Complete";

/** The one place POD status is computed. */
export function podStatus(l: { pickupSignedBy: string | null; deliverySignedBy: string | null; signedPaperworkUrl: string | null }): PodStatus {
  if (l.pickupSignedBy && l.deliverySignedBy && l.signedPaperworkUrl) return "Complete";
  if (l.pickupSignedBy || l.deliverySignedBy) return "Partial";
  return "Pending";
}

/** Both signatories set locks the load against edits. */
export function isPodLocked(l: { pickupSignedBy: string | null; deliverySignedBy: string | null }): boolean {
  return Boolean(l.pickupSignedBy && l.deliverySignedBy);
}
