// The board's "near" postcodes: a postcode that cannot be one is an error under its
// field before anything is asked, and one the server does not know (its 400 names
// the field) is shown there too, never as a list that failed with a Retry that
// cannot help. Zod-free: the board's first chunk reads it.
import { parsePostcode } from "@contract/postcode";
import { MSG } from "@contract/message-words";
import { ApiError } from "../../lib/api";

export type NearField = "pickupNear" | "deliveryNear";
export type NearErrors = Partial<Record<NearField, string>>;

/** The words under a near field for what is typed in it; null when it may be sent (empty clears the filter). */
export function nearPostcodeProblem(text: string): string | null {
  const t = text.trim();
  if (t === "") return null;
  return parsePostcode(t) ? null : MSG.postcode;
}

/** The near fields a list's error is about (a 400 whose details name them), or null when it is about something else. */
export function nearErrorsOf(error: unknown): NearErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = error.body?.details;
  if (!Array.isArray(details)) return null;
  const out: NearErrors = {};
  for (const d of details as { path?: unknown; message?: unknown }[]) {
    if ((d.path === "pickupNear" || d.path === "deliveryNear") && typeof d.message === "string") out[d.path] ??= d.message;
  }
  return Object.keys(out).length ? out : null;
}
