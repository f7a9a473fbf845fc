// A bidder's compliance beside their bid, and why their bid cannot be awarded
// when the compliance settings would refuse it (the server's own words, the 409
// the award would get), shown before anyone clicks Accept.
import { Ban, ShieldQuestion } from "lucide-react";
import type { BidWithCarrier } from "@contract/schemas/bid";
import { Badge } from "../../components/ui/badge";
import { ComplianceBadge } from "../companies-staff";

/** The bidder's status in words with an icon; FORS when the load asks for a level. */
export function BidderCompliance({ bid, forsRequirement }: { bid: BidWithCarrier; forsRequirement: string }) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1" data-testid="bidder-compliance">
      {bid.bidderCompliance ? (
        <ComplianceBadge status={bid.bidderCompliance} />
      ) : (
        <Badge tone="slate" className="whitespace-nowrap">
          <ShieldQuestion className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          No company
        </Badge>
      )}
      {forsRequirement && (
        <Badge tone={bid.bidderForsLevel ? "blue" : "slate"} className="whitespace-nowrap">
          {bid.bidderForsLevel ? `FORS ${bid.bidderForsLevel} verified` : "No verified FORS"}
        </Badge>
      )}
    </span>
  );
}

/** Why the award would be refused; its id describes the disabled Accept button. */
export function AwardBlockedNote({ id, reason }: { id: string; reason: string }) {
  return (
    <p id={id} className="mt-1 flex items-start gap-1.5 text-xs font-medium text-red-800" data-testid="award-blocked">
      <Ban className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span>
        <span className="sr-only">Cannot be awarded: </span>
        {reason}
      </span>
    </p>
  );
}
