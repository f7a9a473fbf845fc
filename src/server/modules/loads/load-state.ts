// The load state machine, as data. Every status change goes through
// transitionLoad() (load-transition.ts), which consults this table.
import type { LoadStatus } from "../../../contract/constants";

export type LoadAction =
  | "accept" // a carrier accepts at the listed price
  | "award-bid" // staff accept a bid
  | "assign" // staff set status accepted with a carrier
  | "approve" // manager/admin: issues a PO number
  | "complete" // Mark Complete, or POD with both signatories
  | "cancel"
  | "uncancel"
  | "reset"; // Reset to Available: a separate call

export const TRANSITIONS: Record<LoadAction, { from: readonly LoadStatus[]; to: LoadStatus }> = {
  accept: { from: ["available"], to: "accepted" },
  "award-bid": { from: ["available"], to: "accepted" },
  assign: { from: ["available"], to: "accepted" },
  approve: { from: ["accepted"], to: "approved" },
  complete: { from: ["approved"], to: "completed" },
  cancel: { from: ["available", "accepted", "approved"], to: "cancelled" },
  uncancel: { from: ["cancelled"], to: "available" },
  reset: { from: ["accepted", "approved"], to: "available" },
};

/** PATCH /api/loads/{id}/status {status}: which action a target status means. */
export function actionForStatus(target: LoadStatus): LoadAction {
  switch (target) {
    case "accepted":
      return "assign";
    case "approved":
      return "approve";
    case "completed":
      return "complete";
    case "cancelled":
      return "cancel";
    case "available":
      return "uncancel";
  }
}

export function canTransition(action: LoadAction, from: string): boolean {
  return (TRANSITIONS[action].from as readonly string[]).includes(from);
}
