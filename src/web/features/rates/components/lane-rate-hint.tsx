// The lane-rate hint: "Typical £2.10/mile on this lane, 14 loads", in the staff load form and the
// carrier's bid dialog. Asks once the postcodes can be postcodes, after a pause in
// typing; keeps one height whatever it shows, so nothing below it moves.
import { useEffect, useState } from "react";
import { TrendingUp } from "lucide-react";
import { cn } from "../../../lib/cn";
import { laneRequest, useLaneRate, type LaneAsk, type LaneRequest } from "../api";
import { laneRateText } from "../lane-rate-text";

/** a pause in typing before asking (ms) */
const SETTLE_MS = 400;

/** The request once its lane has stayed the same for `ms`; the first one at once. */
function useSettledRequest(req: LaneRequest | null, ms: number): LaneRequest | null {
  const [settled, setSettled] = useState(req);
  const key = req ? JSON.stringify(req.key) : "";
  useEffect(() => {
    const t = setTimeout(() => setSettled(req), ms);
    return () => clearTimeout(t);
    // the key alone: another postcode in the same two areas is the same question
  }, [key, ms]);
  return settled;
}

export interface LaneRateHintProps {
  ask: LaneAsk | null;
  /** this load's miles: adds "≈ £420 for 200 miles" */
  distance?: number | null;
  /** name the two postcode areas ("LS → B"); the bid dialog names the towns instead */
  showLane?: boolean;
  /** said while the postcodes are not both there yet; nothing when left out */
  idleText?: string;
  className?: string;
}

export function LaneRateHint({ ask, distance, showLane = true, idleText, className }: LaneRateHintProps) {
  const req = laneRequest(ask);
  const settled = useSettledRequest(req, SETTLE_MS);
  const query = useLaneRate(settled);
  const waiting = req !== null && (JSON.stringify(req.key) !== JSON.stringify(settled?.key) || query.isPending);
  if (!req && !idleText) return null;

  let body;
  if (!req) {
    body = <p className="text-slate-600">{idleText}</p>;
  } else if (waiting) {
    body = (
      <>
        <span className="sr-only">Looking up the typical rate on this lane</span>
        <span aria-hidden="true" className="block space-y-2 pt-0.5">
          <span className="block h-3.5 w-56 max-w-full animate-pulse rounded bg-slate-200" />
          <span className="block h-3 w-40 max-w-full animate-pulse rounded bg-slate-200" />
        </span>
      </>
    );
  } else if (query.isError || !query.data) {
    body = <p className="text-slate-600">The typical rate on this lane could not be looked up just now.</p>;
  } else {
    const text = laneRateText(query.data, { distance, showLane });
    body = (
      <>
        <p className="font-medium text-slate-900">{text.headline}</p>
        <p className="tabular text-xs text-slate-600">{text.detail}</p>
      </>
    );
  }

  return (
    <div
      role="status"
      aria-live="polite"
      data-lane-rate=""
      aria-busy={waiting || undefined}
      // the tallest state's height, so nothing below moves (ui.md): three lines on a 390 px
      // phone (a headline or detail that wraps), two from the sm breakpoint up
      className={cn("flex min-h-[4.75rem] items-start sm:min-h-[3.75rem] gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm", className)}
    >
      <TrendingUp className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">{body}</div>
    </div>
  );
}
