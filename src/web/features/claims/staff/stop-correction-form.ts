// Staff correcting a stop's times: the dialog's inputs hold UK wall-clock times
// (the yard's clock, whatever the office computer's zone), the API takes ISO
// instants. Read with the contract's words before sending; the server checks the
// same and its field errors land on the same fields.
import { STOP_MSG, type StopRecord } from "@contract/schemas/claim";
import { UK_TZ, ukWallToInstant, wallClock } from "@contract/wall-clock";
import { ApiError } from "../../../lib/api";

export interface CorrectionText {
  arrivedAt: string;
  departedAt: string;
  reason: string;
}
export type CorrectionField = keyof CorrectionText;
export type CorrectionErrors = Partial<Record<CorrectionField, string>>;
export interface Correction {
  arrivedAt: string | null;
  departedAt: string | null;
  reason: string;
}

export const REASON_NEEDED = "Please give a reason for the correction";
const NOT_A_TIME = "Enter a date and time, e.g. 23/11/2026 09:00";

const pad = (n: number) => String(n).padStart(2, "0");

/** ISO instant → the value of a datetime-local input on the UK clock ("" for none). */
export function toUkInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const w = wallClock(at, UK_TZ);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A datetime-local value read on the UK clock → ISO instant; null when it is not a real date and time. */
export function fromUkInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  // 31 February and 25:00 roll over in Date.UTC: refuse them instead
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || check.getUTCHours() !== h || check.getUTCMinutes() !== mi) return null;
  return new Date(ukWallToInstant(y, mo, d, h, mi)).toISOString();
}

/** The inputs as the stop stands now. */
export function initialCorrection(record: StopRecord): CorrectionText {
  return { arrivedAt: toUkInput(record.arrivedAt), departedAt: toUkInput(record.departedAt), reason: "" };
}

/** The correction to send, or the errors to show beside each field. An empty time clears it. */
export function readCorrection(text: CorrectionText, now: Date): { value: Correction } | { errors: CorrectionErrors } {
  const errors: CorrectionErrors = {};
  const times: Pick<Correction, "arrivedAt" | "departedAt"> = { arrivedAt: null, departedAt: null };
  for (const field of ["arrivedAt", "departedAt"] as const) {
    if (!text[field].trim()) continue;
    const iso = fromUkInput(text[field]);
    if (!iso) errors[field] = NOT_A_TIME;
    else if (new Date(iso).getTime() > now.getTime()) errors[field] = STOP_MSG.future;
    else times[field] = iso;
  }
  if (!errors.departedAt && times.departedAt && !text.arrivedAt.trim()) errors.arrivedAt = STOP_MSG.noArrival;
  if (!errors.departedAt && times.arrivedAt && times.departedAt && times.departedAt < times.arrivedAt) errors.departedAt = STOP_MSG.departureBeforeArrival;
  const reason = text.reason.trim();
  if (!reason) errors.reason = REASON_NEEDED;
  if (Object.keys(errors).length) return { errors };
  return { value: { ...times, reason } };
}

/** The server's refusal as field errors (its details' paths are the body's fields); a message that names no field comes back as `form`. */
export function correctionErrorsOf(err: unknown): CorrectionErrors & { form?: string } {
  if (!(err instanceof ApiError)) return { form: "The correction could not be saved. Please try again." };
  const details = err.body?.details;
  const out: CorrectionErrors & { form?: string } = {};
  if (Array.isArray(details)) {
    for (const d of details as { path?: unknown; message?: unknown }[]) {
      const path = String(d.path ?? "");
      if ((path === "arrivedAt" || path === "departedAt" || path === "reason") && typeof d.message === "string") out[path] ??= d.message;
    }
  }
  if (!Object.keys(out).length) out.form = err.serverMessage ?? "The correction could not be saved. Please try again.";
  return out;
}
