// The schedule's rules: a weekly schedule that could never send is refused.
import { describe, expect, it } from "vitest";
import { MSG } from "../messages";
import { emailScheduleSchema } from "./email-schedule";

const base = { enabled: true, frequency: "weekly", time: "09:00" } as const;

describe("email schedule settings (item 12a)", () => {
  it("item 12a: an enabled weekly schedule of only Saturday, only Sunday or both is refused, in the contract's words, on daysOfWeek", () => {
    for (const days of [["saturday"], ["sunday"], ["saturday", "sunday"]] as const) {
      const r = emailScheduleSchema.safeParse({ ...base, daysOfWeek: days });
      expect(r.success, days.join()).toBe(false);
      expect(r.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message }))).toEqual([{ path: "daysOfWeek", message: MSG.weekendOnlySchedule }]);
    }
  });

  it("item 12a: a weekday with the weekend, a daily schedule and a schedule that is off are fine", () => {
    expect(emailScheduleSchema.safeParse({ ...base, daysOfWeek: ["saturday", "monday"] }).success).toBe(true);
    expect(emailScheduleSchema.safeParse({ ...base, frequency: "daily", daysOfWeek: [] }).success).toBe(true);
    expect(emailScheduleSchema.safeParse({ ...base, enabled: false, daysOfWeek: ["sunday"] }).success).toBe(true);
  });
});
