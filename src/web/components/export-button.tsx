// The Export button of each staff tab (a CSV of the tab's list): a plain
// download link to the tab's export, built from the very URL its list query
// fetches (same filters, search and order; every page, not the page in view).
// A link, not a fetch: the browser streams the file to disk, so a 100,000-row
// export costs the page no memory, and the session cookie goes with it.
import { Download } from "lucide-react";
import { exportUrlOf, type ExportKind } from "@contract/schemas/export";
import { cn } from "../lib/cn";

export interface ExportButtonProps {
  kind: ExportKind;
  /** the URL the tab's list query fetches now */
  listUrl: string;
  /** what the rows are, for the accessible name: "Export loads as CSV" */
  what: string;
  className?: string;
}

export function ExportButton({ kind, listUrl, what, className }: ExportButtonProps) {
  return (
    <a
      href={exportUrlOf(kind, listUrl)}
      // the server names the file (loads-2026-11-25.csv)
      download
      title={`Download every ${what.replace(/s$/, "")} that matches the current filters, in this order, as a CSV file (Excel)`}
      className={cn(
        // the outline button's look (components/ui/button.tsx); 44 px tall on a phone, 36 px at a desk
        "inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-900 hover:bg-slate-50 sm:min-h-9",
        className,
      )}
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      Export<span className="sr-only"> {what} as CSV</span>
    </a>
  );
}
