// The Waiting-time settings form as typed, read into the contract's settings with
// the contract's own words for each range (waitingTimeSettingsSchema).
import { waitingTimeSettingsSchema, type WaitingTimeSettings } from "@contract/schemas/claim";

export type WaitingFormText = Record<keyof WaitingTimeSettings, string>;
export type WaitingFormErrors = Partial<Record<keyof WaitingTimeSettings, string>>;

export const toWaitingForm = (s: WaitingTimeSettings): WaitingFormText => ({
  freeMinutes: String(s.freeMinutes),
  ratePerHour: s.ratePerHour.toFixed(2),
  maxHours: String(s.maxHours),
  claimDays: String(s.claimDays),
});

const NOT_NUMBER: Record<keyof WaitingTimeSettings, string> = {
  freeMinutes: "Free minutes must be a whole number",
  ratePerHour: "Rate per hour must be between £0 and £500",
  maxHours: "Maximum hours must be a whole number",
  claimDays: "Claim days must be a whole number",
};

export function readWaitingForm(v: WaitingFormText): { value: WaitingTimeSettings } | { errors: WaitingFormErrors } {
  const errors: WaitingFormErrors = {};
  const nums = {} as Record<keyof WaitingTimeSettings, number>;
  for (const key of Object.keys(NOT_NUMBER) as (keyof WaitingTimeSettings)[]) {
    const raw = v[key].trim().replace(/^£/, "");
    const n = raw === "" ? NaN : Number(raw);
    if (!Number.isFinite(n)) errors[key] = NOT_NUMBER[key];
    nums[key] = n;
  }
  const parsed = waitingTimeSettingsSchema.safeParse(nums);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof WaitingTimeSettings;
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { value: parsed.data };
}
