// The one bids table: the Loads with Bids tab (a row per load with its
// lowest pending bid) and the Manage Bids dialog (a row per bid) both list bids
// through it. A dense table from md up (the admin table look, headers that can
// sort), one card a row on a phone with full-width buttons (ui.md).
import type { ReactNode } from "react";
import { AlertTriangle, Gavel } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { SortableTableShell, type Column, type SortState } from "../../components/table-pager";
import { cn } from "../../lib/cn";
import { errorMessage } from "../../lib/format";

export interface BidsTableColumn<Row> extends Column {
  cell: (row: Row) => ReactNode;
  /** classes of the column's cells (alignment, width) */
  cellClassName?: string;
}

/** The list's read, as TanStack Query reports it. */
export interface BidsListQuery {
  isLoading: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

/** The list's words: the spec's loading text, the failure, the empty state (ui.md "States every screen has"). */
export interface BidsListTexts {
  loading: string;
  error: string;
  emptyTitle: string;
  emptyText: string;
}

export function BidsTable<Row>({
  query,
  texts,
  caption,
  rows,
  rowKey,
  columns,
  card,
  testId,
  rowData,
  sort = null,
  onSort,
}: {
  query: BidsListQuery;
  texts: BidsListTexts;
  /** names the table and the phone list for screen readers */
  caption: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: BidsTableColumn<Row>[];
  /** the row as a phone card */
  card: (row: Row) => ReactNode;
  /** data-testid prefix: `${testId}-row` on a table row, `${testId}-card` on a phone card */
  testId: string;
  /** data-* attributes of a row and its card (ids the journeys look for) */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  sort?: SortState | null;
  /** without it no header sorts */
  onSort?: (key: string, firstDesc: boolean) => void;
}) {
  if (query.isLoading) return <Spinner label={texts.loading} className="py-8" />;
  // an inline message with a retry for a list that failed to load; a failed poll keeps the rows shown
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <AlertTriangle className="mx-auto h-6 w-6 text-red-700" aria-hidden="true" />
        <p className="mt-2 font-medium text-red-900">{texts.error}</p>
        <p className="mt-1 text-sm text-red-800">{errorMessage(query.error, "Please check your connection and try again.")}</p>
        <Button className="mt-4" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <Gavel className="mx-auto h-6 w-6 text-slate-500" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">{texts.emptyTitle}</p>
        <p className="mt-1 text-sm text-slate-600">{texts.emptyText}</p>
      </div>
    );
  }
  return (
    <>
      <div className="hidden md:block">
        <SortableTableShell
          caption={caption}
          columns={onSort ? columns : columns.map((c) => ({ ...c, sortKey: undefined }))}
          sort={sort}
          onSort={onSort ?? (() => {})}
        >
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={`${testId}-row`} {...rowData?.(row)} className="border-t border-slate-100 align-top hover:bg-slate-50">
              {columns.map((c, i) => (
                <td
                  key={c.label}
                  className={cn("px-2 py-2 align-middle", c.cellClassName, i === 0 && "sticky left-0 z-[1] bg-white shadow-[1px_0_0_0_rgb(241_245_249)]")}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </SortableTableShell>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} data-testid={`${testId}-card`} {...rowData?.(row)} className="rounded-lg border border-slate-200 bg-white p-3">
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
