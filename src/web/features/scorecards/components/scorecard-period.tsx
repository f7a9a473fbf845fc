// A scorecard over the period the reader chose (30, 90 or 365 days), as both the company's
// scorecard and the network's page show it: the heading and its sentence beside the days
// picker, "Updating data..." while the figures are fetched again, a refresh that failed
// said above the figures (which stay on screen), and the previous period's figures
// dimmed while the next one loads.
import type { ReactNode } from "react";
import { Loader2 } from "lucide-react";
import { cn } from "../../../lib/cn";
import { errorMessage } from "../../../lib/format";
import { DaysPicker } from "./days-picker";
import { Problem } from "../../../components/problem";

/** The refetch indicator: small, and never a layout jump (ui.md). */
export function Updating({ busy }: { busy: boolean }) {
  return (
    <p role="status" className={cn("inline-flex items-center gap-1 text-xs text-slate-600", busy ? "visible" : "invisible")}>
      <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />
      {busy ? "Updating data..." : ""}
    </p>
  );
}

/** The parts of a scorecard's query (TanStack Query, the previous period kept as placeholder) that the frame shows. */
interface PeriodQuery {
  data: unknown;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** `heading`: the title and its sentence; `subject`: what a failed refresh names; `children`: the figures (or their loading, empty or error state). */
export function ScorecardPeriod({
  heading,
  subject,
  days,
  onDaysChange,
  query,
  children,
}: {
  heading: ReactNode;
  subject: "The scorecard" | "The figures";
  days: number;
  onDaysChange: (d: number) => void;
  query: PeriodQuery;
  children: ReactNode;
}) {
  const shown = query.data !== undefined;
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {heading}
          <Updating busy={query.isFetching && shown} />
        </div>
        <DaysPicker days={days} onChange={onDaysChange} className="shrink-0" />
      </div>
      {shown && query.isError && <Problem text={`${subject} could not be refreshed: ${errorMessage(query.error, "please try again.")}`} onRetry={() => void query.refetch()} />}
      <div className={cn("transition-opacity", query.isPlaceholderData && "opacity-60")} aria-busy={query.isPlaceholderData || undefined}>
        {children}
      </div>
    </>
  );
}
