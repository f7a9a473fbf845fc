// What Manage Bids adds to a bid's actions, as a second row under Accept and
// Reject: Counter on a pending bid, the standing offer on a countered one, and
// History; each opens its dialog.
import { useState } from "react";
import { History, Handshake } from "lucide-react";
import type { BidWithCarrier } from "@contract/schemas/bid";
import { Button } from "../../../components/ui/button";
import { formatMoney } from "../../../lib/format";
import { BidHistoryDialog } from "./bid-history";
import { CounterDialog } from "./counter-dialog";
import { counterLine } from "./counter-words";

export function BidNegotiation({ bid, full = false, busy = false }: { bid: BidWithCarrier; full?: boolean; busy?: boolean }) {
  const [countering, setCountering] = useState(false);
  const [history, setHistory] = useState(false);
  const who = `${bid.carrierName ?? "carrier"}'s bid of ${formatMoney(bid.bidAmount)}`;
  const size = full ? "md" : "sm";
  const cls = full ? "" : "min-h-11 sm:min-h-9";
  return (
    <div className={full ? "col-span-2 grid grid-cols-2 gap-2" : "flex basis-full flex-wrap items-center justify-end gap-2"}>
      {bid.status === "pending" && (
        <Button variant="outline" size={size} className={cls} disabled={busy} onClick={() => setCountering(true)} aria-label={`Counter ${who}`}>
          <Handshake className="h-4 w-4" aria-hidden="true" />
          Counter
        </Button>
      )}
      <Button variant="ghost" size={size} className={cls} onClick={() => setHistory(true)} aria-label={`History of ${who}`}>
        <History className="h-4 w-4" aria-hidden="true" />
        History
      </Button>
      {bid.status === "countered" && (
        <p data-testid="staff-counter-line" className={full ? "self-center text-sm font-medium text-amber-900 tabular" : "text-xs font-medium text-amber-900 tabular"}>
          {counterLine(bid)}
        </p>
      )}
      {countering && <CounterDialog bid={bid} open={countering} onOpenChange={setCountering} />}
      {history && <BidHistoryDialog bid={bid} open={history} onOpenChange={setHistory} />}
    </div>
  );
}
