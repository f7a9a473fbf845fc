// Bid status words and colours (pending purple; never colour alone).
import type { BidStatus } from "@contract/constants";
import { Badge, type BadgeTone } from "./ui/badge";

const BID_STATUS: Record<BidStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Bid Pending", tone: "purple" },
  countered: { label: "Countered", tone: "amber" },
  accepted: { label: "Won", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
};

export function bidStatusLabel(status: string): string {
  return BID_STATUS[status as BidStatus]?.label ?? status.charAt(0).toUpperCase() + status.slice(1);
}

export function BidStatusBadge({ status }: { status: string }) {
  return <Badge tone={BID_STATUS[status as BidStatus]?.tone ?? "slate"}>{bidStatusLabel(status)}</Badge>;
}
