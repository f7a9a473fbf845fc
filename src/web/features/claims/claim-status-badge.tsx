// A claim's state in words and colour: amber while the office decides, green approved, red rejected.
import { CLAIM_STATUS_LABELS, type ClaimStatus } from "@contract/schemas/claim";
import { Badge, type BadgeTone } from "../../components/ui/badge";

const TONES: Record<ClaimStatus, BadgeTone> = { pending: "amber", approved: "green", rejected: "red" };

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge tone={TONES[status]}>{CLAIM_STATUS_LABELS[status]}</Badge>;
}
