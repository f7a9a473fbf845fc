// Which load buttons show and when, shared by the load card and the details dialog.
import type { Load } from "@contract/schemas/load";
import { MSG } from "@contract/message-words";
import { ApiError } from "../../lib/api";

/** Accept Load only when the load is available and pays more than 0 (and a handler exists). */
export function canAcceptLoad(load: Pick<Load, "status" | "price">): boolean {
  return load.status === "available" && Number(load.price) > 0;
}

/** Only available loads can be bid on. */
export function canBidOnLoad(load: Pick<Load, "status">): boolean {
  return load.status === "available";
}

/** Generate POD appears when the load is approved or completed. */
export function canGeneratePod(load: Pick<Load, "status">): boolean {
  return load.status === "approved" || load.status === "completed";
}

/** Complete POD only for approved or completed loads with acceptedBy (and a handler). */
export function canCompletePod(load: Pick<Load, "status" | "acceptedBy">): boolean {
  return canGeneratePod(load) && !!load.acceptedBy;
}

/** The disabled button on a load that cannot be accepted. */
export function unavailableLabel(status: string): string {
  switch (status) {
    case "accepted":
      return "Accepted";
    case "approved":
      return "Approved";
    case "completed":
      return "Completed";
    case "cancelled":
      return "Cancelled";
    default:
      return "Unavailable";
  }
}

/** Optional badges of the card and details (ui.md "The load card"), in a fixed order. */
export function loadFeatureBadges(load: Load): { key: string; label: string }[] {
  const out: { key: string; label: string }[] = [];
  if (load.isUrgent) out.push({ key: "urgent", label: "Urgent" });
  if (load.forsRequirement) out.push({ key: "fors", label: `FORS ${load.forsRequirement}` });
  if (load.adr) out.push({ key: "adr", label: "ADR" });
  if (load.waste) out.push({ key: "waste", label: "Waste" });
  if (load.tailLift) out.push({ key: "tailLift", label: "Tail Lift" });
  if (load.moffett) out.push({ key: "moffett", label: "Moffett" });
  if (load.edgeProtectors) out.push({ key: "edgeProtectors", label: "Edge Protectors" });
  if (load.isTemperatureControlled) out.push({ key: "temp", label: "Temperature Controlled" });
  return out;
}

/** Rate per mile = price / distance, 2 dp; the server's value when it sent one. */
export function rateOf(load: Pick<Load, "ratePerMile" | "price" | "distance">): number | null {
  if (load.ratePerMile != null) return Number(load.ratePerMile);
  if (!load.distance) return null;
  return Math.round((Number(load.price) / load.distance) * 100) / 100;
}

export const ACCEPT_FAILED = "Failed to accept load";

/**
 * The server's message, else "Failed to accept load"; a 409 without one
 * means someone was faster. A 404 means the load was taken by another company (or
 * cancelled) before the click arrived: to the carrier it is no longer available
 * (docs/decisions/0005-accept-not-found.md).
 */
export function acceptErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 404) return MSG.loadNotAvailable;
    if (err.serverMessage) return err.serverMessage;
    if (err.status === 409) return MSG.loadNotAvailable;
  }
  return ACCEPT_FAILED;
}
