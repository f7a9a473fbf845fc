// What a staff table shows besides its rows: skeleton rows shaped like the table
// while it loads, one row with the empty sentence, and an inline message with
// Retry when the list failed (ui.md: every screen's states). Also the cell
// classes of the dense desk tables, so every such table pads and pins alike.
import type { ReactNode } from "react";
import { Button } from "./ui/button";
import { cn } from "../lib/cn";

/** A cell of the dense admin tables (table-pager `dense`): the loads tables' padding. */
export const CELL = "px-1.5 py-2";
/** The pinned first cell keeps its row's hover colour and a hairline to the cells scrolling under it. */
export const FIRST_CELL = "sticky left-0 z-[1] bg-white shadow-[1px_0_0_0_rgb(241_245_249)] group-hover:bg-slate-50";

/**
 * Grey bars in the table's own columns, and "Loading..." for a screen reader.
 * `cellClassName` and `barClassName` follow the table's own padding and column widths.
 */
export function SkeletonRows({
  cols,
  rows = 5,
  cellClassName = "px-3 py-3",
  barClassName = "min-w-12",
}: {
  cols: number;
  rows?: number;
  cellClassName?: string;
  barClassName?: string;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} className="border-t border-slate-100" aria-hidden="true">
          {Array.from({ length: cols }, (_, c) => (
            <td key={c} className={cellClassName}>
              <div className={cn("h-3 w-full", barClassName, "animate-pulse rounded bg-slate-200")} />
            </td>
          ))}
        </tr>
      ))}
      <tr className="sr-only">
        <td colSpan={cols} role="status">
          Loading...
        </td>
      </tr>
    </>
  );
}

export function EmptyRow({ cols, text }: { cols: number; text: ReactNode }) {
  return (
    <tr>
      <td colSpan={cols} className="px-3 py-10 text-center text-slate-600">
        {text}
      </td>
    </tr>
  );
}

export function ListError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <span>Could not load the {what}. Check your connection; the list refreshes by itself.</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
