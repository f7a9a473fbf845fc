import { describe, expect, it } from "vitest";
import { dueSlot, localParts, type ScheduleSettingsForSlot } from "./schedule";

const TZ = "Europe/London";
const daily: ScheduleSettingsForSlot = { enabled: true, frequency: "daily", daysOfWeek: [], time: "09:00", lastSlot: null };

describe("dueSlot (UK time, weekdays only)", () => {
  it("is null while the schedule is disabled", () => {
    expect(dueSlot({ ...daily, enabled: false }, new Date("2026-11-23T10:00:00Z"), TZ)).toBeNull();
  });

  it("is due from the slot time on a weekday in GMT (09:00 London = 09:00Z in November)", () => {
    expect(dueSlot(daily, new Date("2026-11-23T08:59:59Z"), TZ)).toBeNull();
    expect(dueSlot(daily, new Date("2026-11-23T09:00:00Z"), TZ)).toBe("2026-11-23T09:00");
  });

  it("follows BST: on Monday 30 March 2026 09:00 London is 08:00Z", () => {
    expect(dueSlot(daily, new Date("2026-03-30T07:59:00Z"), TZ)).toBeNull();
    expect(dueSlot(daily, new Date("2026-03-30T08:00:00Z"), TZ)).toBe("2026-03-30T09:00");
  });

  it("follows the return to GMT: on Monday 26 October 2026 09:00 London is 09:00Z", () => {
    expect(dueSlot(daily, new Date("2026-10-26T08:00:00Z"), TZ)).toBeNull();
    expect(dueSlot(daily, new Date("2026-10-26T08:59:00Z"), TZ)).toBeNull();
    expect(dueSlot(daily, new Date("2026-10-26T09:00:00Z"), TZ)).toBe("2026-10-26T09:00");
  });

  it("never fires on Saturday or Sunday, daily or weekly", () => {
    expect(dueSlot(daily, new Date("2026-11-21T09:00:00Z"), TZ)).toBeNull();
    expect(dueSlot(daily, new Date("2026-11-22T15:00:00Z"), TZ)).toBeNull();
    const weekend = { ...daily, frequency: "weekly", daysOfWeek: ["saturday", "sunday"] };
    expect(dueSlot(weekend, new Date("2026-11-21T09:00:00Z"), TZ)).toBeNull();
    expect(dueSlot(weekend, new Date("2026-11-22T09:00:00Z"), TZ)).toBeNull();
  });

  it("weekly: only on the chosen days", () => {
    const weekly = { ...daily, frequency: "weekly", daysOfWeek: ["tuesday", "thursday"] };
    expect(dueSlot(weekly, new Date("2026-11-23T09:30:00Z"), TZ)).toBeNull(); // Monday
    expect(dueSlot(weekly, new Date("2026-11-24T09:30:00Z"), TZ)).toBe("2026-11-24T09:00"); // Tuesday
    expect(dueSlot(weekly, new Date("2026-11-25T09:30:00Z"), TZ)).toBeNull(); // Wednesday
    expect(dueSlot(weekly, new Date("2026-11-26T09:30:00Z"), TZ)).toBe("2026-11-26T09:00"); // Thursday
  });

  it("a missed slot stays due for the rest of that day only, and not once claimed", () => {
    expect(dueSlot(daily, new Date("2026-11-23T23:59:00Z"), TZ)).toBe("2026-11-23T09:00");
    expect(dueSlot({ ...daily, lastSlot: "2026-11-23T09:00" }, new Date("2026-11-23T11:00:00Z"), TZ)).toBeNull();
    // the next day before 09:00: yesterday's slot is never sent late
    expect(dueSlot(daily, new Date("2026-11-24T08:59:00Z"), TZ)).toBeNull();
  });

  it("at most one slot a day: moving the time after today's send does not send again", () => {
    expect(dueSlot({ ...daily, time: "15:00", lastSlot: "2026-11-23T09:00" }, new Date("2026-11-23T15:00:00Z"), TZ)).toBeNull();
    expect(dueSlot({ ...daily, time: "15:00", lastSlot: "2026-11-20T15:00" }, new Date("2026-11-23T15:00:00Z"), TZ)).toBe("2026-11-23T15:00");
  });

  it("uses the London date, not the UTC one, near midnight in BST", () => {
    // 23:30Z on Friday 5 June = 00:30 Saturday in London: weekend, nothing due
    expect(dueSlot({ ...daily, time: "00:15" }, new Date("2026-06-05T23:30:00Z"), TZ)).toBeNull();
    // 23:30Z on Sunday 7 June = 00:30 Monday in London
    expect(dueSlot({ ...daily, time: "00:15" }, new Date("2026-06-07T23:30:00Z"), TZ)).toBe("2026-06-08T00:15");
    expect(localParts(new Date("2026-06-07T23:30:00Z"), TZ)).toEqual({ date: "2026-06-08", time: "00:30", weekday: "monday" });
  });

  it("ignores a malformed stored time", () => {
    expect(dueSlot({ ...daily, time: "9am" }, new Date("2026-11-23T12:00:00Z"), TZ)).toBeNull();
  });
});
