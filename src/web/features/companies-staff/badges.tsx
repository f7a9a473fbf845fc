// A company's compliance and a document's review status, in words with an icon
// (ui.md: a status is never shown by colour alone), the labels the contract gives.
import { CircleCheck, Clock, Hourglass, ShieldAlert, ShieldCheck, ShieldX, XCircle } from "lucide-react";
import { COMPLIANCE_LABELS, DOCUMENT_STATUS_LABELS, type ComplianceStatus, type DocumentStatus } from "@contract/schemas/company";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { cn } from "../../lib/cn";

const COMPLIANCE_LOOK: Record<ComplianceStatus, { tone: BadgeTone; Icon: typeof ShieldCheck }> = {
  compliant: { tone: "green", Icon: ShieldCheck },
  expiring: { tone: "amber", Icon: ShieldAlert },
  non_compliant: { tone: "red", Icon: ShieldX },
};

/**
 * "Compliant", "Insurance expiring", "Not compliant". `wrap`: in a tight table the
 * words may take two lines inside the badge.
 */
export function ComplianceBadge({ status, wrap = false, className }: { status: ComplianceStatus; wrap?: boolean; className?: string }) {
  const { tone, Icon } = COMPLIANCE_LOOK[status];
  return (
    <Badge tone={tone} className={cn(wrap ? "w-fit rounded-xl leading-tight" : "whitespace-nowrap", className)}>
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {COMPLIANCE_LABELS[status]}
    </Badge>
  );
}

const DOCUMENT_LOOK: Record<DocumentStatus, { tone: BadgeTone; Icon: typeof CircleCheck }> = {
  pending: { tone: "purple", Icon: Hourglass },
  verified: { tone: "green", Icon: CircleCheck },
  rejected: { tone: "red", Icon: XCircle },
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { tone, Icon } = DOCUMENT_LOOK[status];
  return (
    <Badge tone={tone} className="whitespace-nowrap">
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "Expired" beside a verified document whose day has passed: verified once, no longer good. */
export function ExpiredBadge() {
  return (
    <Badge tone="red" className="whitespace-nowrap">
      <Clock className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      Expired
    </Badge>
  );
}
