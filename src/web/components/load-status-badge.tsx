// spec §4: status words and colours, the same everywhere (ui.md).
import { Badge, type BadgeTone } from "./ui/badge";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  available: { label: "Available", tone: "green" },
  accepted: { label: "Waiting for Approval", tone: "orange" },
  approved: { label: "Approved", tone: "blue" },
  completed: { label: "Completed", tone: "emerald" },
  cancelled: { label: "Cancelled", tone: "red" },
  // not a status: an available load whose pickup day (UK) has ended, off the board (contract expiry)
  expired: { label: "Expired", tone: "slate" },
};

export function statusLabel(status: string): string {
  return STATUS[status]?.label ?? status.charAt(0).toUpperCase() + status.slice(1);
}

export function LoadStatusBadge({ status }: { status: string }) {
  const s = STATUS[status];
  return <Badge tone={s?.tone ?? "slate"}>{s?.label ?? statusLabel(status)}</Badge>;
}
