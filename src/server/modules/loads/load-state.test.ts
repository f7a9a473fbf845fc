// The load state machine, as a pure table.
import { describe, expect, it } from "vitest";
import { LOAD_STATUSES } from "../../../contract/constants";
import { actionForStatus, canTransition, TRANSITIONS, type LoadAction } from "./load-state";

// the allowed transitions, written out independently of the table under test
const ALLOWED: Record<LoadAction, { from: string[]; to: string }> = {
  accept: { from: ["available"], to: "accepted" },
  "award-bid": { from: ["available"], to: "accepted" },
  assign: { from: ["available"], to: "accepted" },
  approve: { from: ["accepted"], to: "approved" },
  complete: { from: ["approved"], to: "completed" },
  cancel: { from: ["available", "accepted", "approved"], to: "cancelled" },
  uncancel: { from: ["cancelled"], to: "available" },
  reset: { from: ["accepted", "approved"], to: "available" },
};

describe("load state machine", () => {
  const cases = (Object.keys(ALLOWED) as LoadAction[]).flatMap((action) =>
    LOAD_STATUSES.map((from) => ({ action, from, allowed: ALLOWED[action].from.includes(from) })),
  );

  it.each(cases)("$action from $from → allowed: $allowed", ({ action, from, allowed }) => {
    expect(canTransition(action, from)).toBe(allowed);
  });

  it.each(Object.keys(ALLOWED) as LoadAction[])("%s leads to its target status", (action) => {
    expect(TRANSITIONS[action].to).toBe(ALLOWED[action].to);
  });

  it("has no action the spec does not name", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it("maps each target status of PATCH /status to its action", () => {
    expect(actionForStatus("accepted")).toBe("assign");
    expect(actionForStatus("approved")).toBe("approve");
    expect(actionForStatus("completed")).toBe("complete");
    expect(actionForStatus("cancelled")).toBe("cancel");
    expect(actionForStatus("available")).toBe("uncancel");
  });

  it("completed is final: nothing leaves it", () => {
    for (const action of Object.keys(TRANSITIONS) as LoadAction[]) expect(canTransition(action, "completed")).toBe(false);
  });

  it("an unknown status can do nothing", () => {
    for (const action of Object.keys(TRANSITIONS) as LoadAction[]) expect(canTransition(action, "lost")).toBe(false);
  });
});
