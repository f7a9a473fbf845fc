// Load status words and colours, the same everywhere. The words live in
// the contract (status-labels.ts), so the CSV exports say them too.
import { LOAD_STATUS_LABELS, loadStatusLabel } from "@contract/status-labels";
import { Badge, type BadgeTone } from "./ui/badge";

const TONE: Record<string, BadgeTone> = {
  available: "green",
  accepted: "orange",
  approved: "blue",
  completed: "emerald",
  cancelled: "red",
  expired: "slate",
};

export const statusLabel = loadStatusLabel;

export function LoadStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status] ?? "slate"}>{LOAD_STATUS_LABELS[status] ?? statusLabel(status)}</Badge>;
}
