// The words a status is shown in, the same on every screen and in every
// export (the badge's colours stay in the web app: components/load-status-badge.tsx).
export const LOAD_STATUS_LABELS: Readonly<Record<string, string>> = {
  available: "Available",
  accepted: "Waiting for Approval",
  approved: "Approved",
  completed: "Completed",
  cancelled: "Cancelled",
  // not a status: an available load whose pickup day (UK) has ended, off the board (contract expiry)
  expired: "Expired",
};

/** Other values display capitalised. */
export function loadStatusLabel(status: string): string {
  return LOAD_STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}
