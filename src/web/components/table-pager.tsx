// Server-paged admin tables (no list silently truncates): the state of
// a page (offset, sort, search), a table whose headers sort (aria-sort), a search
// box and a pager that says how many rows there are in all. The server pages,
// sorts and searches (contract: limit/offset/sort/search, X-Total-Count).
import { useEffect, useId, useState, type ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Search } from "lucide-react";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { formatNumber } from "../lib/format";
import { cn } from "../lib/cn";
import { sortParam, type PageParams, type SortState } from "../lib/page-query";

export type { PageParams, SortState };

const SEARCH_DELAY_MS = 300;

/**
 * Offset, sort and search of one table. A new search or order starts at the
 * first page; the search is sent once typing pauses. `sort` and `search` are
 * where the table starts (a table that keeps them across reloads passes them back).
 */
export function usePagedTable({
  pageSize,
  sort: initialSort = null,
  search: initialSearch = "",
}: {
  pageSize: number;
  sort?: SortState | null;
  search?: string;
}) {
  const [offset, setOffset] = useState(0);
  const [sort, setSortState] = useState<SortState | null>(initialSort);
  const [search, setSearchText] = useState(initialSearch);
  const [sentSearch, setSentSearch] = useState(initialSearch.trim());

  useEffect(() => {
    const t = setTimeout(() => {
      const next = search.trim();
      setSentSearch((sent) => {
        // a new search starts at the first page; the same words keep the page
        if (sent !== next) setOffset(0);
        return next;
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [search]);

  const params: PageParams = { limit: pageSize, offset, sort: sort ? sortParam(sort) : undefined, search: sentSearch || undefined };
  return {
    params,
    sort,
    /** a column's header: its own order flips (unless it sorts one way only); another column starts in its first direction */
    toggleSort: (key: string, firstDesc: boolean, oneWay = false) => {
      setSortState((s) => (s?.key === key && !oneWay ? { key, desc: !s.desc } : { key, desc: firstDesc }));
      setOffset(0);
    },
    search,
    setSearch: setSearchText,
    setOffset,
  };
}

export interface Column {
  label: string;
  className?: string;
  /** the server's sort key; absent: the column does not sort */
  sortKey?: string;
  /** numbers and dates sort biggest/newest first on the first click */
  firstDesc?: boolean;
  /** the server sorts this column in its first direction only (contract: `-createdAt`) */
  oneWay?: boolean;
}

/** The admin table look: horizontal scroll on small screens, the first column pinned, headers that sort. */
export function SortableTableShell({
  caption,
  columns,
  sort,
  onSort,
  dense = false,
  children,
}: {
  caption: string;
  columns: Column[];
  sort: SortState | null;
  onSort: (key: string, firstDesc: boolean, oneWay?: boolean) => void;
  /** the staff desk tables (admin loads): headers on one line with the sort arrow inline, tighter letter spacing */
  dense?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-collapse text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className={cn("bg-slate-50 text-left uppercase text-slate-600", dense ? "text-[11px] tracking-normal" : "text-xs tracking-wide")}>
          <tr>
            {columns.map((c, i) => {
              const active = !!c.sortKey && sort?.key === c.sortKey;
              const Icon = !active ? ArrowUpDown : sort.desc ? ArrowDown : ArrowUp;
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={c.sortKey ? (active ? (sort.desc ? "descending" : "ascending") : "none") : undefined}
                  // a sortable label may wrap (its arrow stays with the last word): the arrows must not widen the table;
                  // dense tables keep every header on one line
                  className={cn(
                    "py-2 font-semibold",
                    dense ? "whitespace-nowrap px-1.5" : "px-2",
                    !c.sortKey && "whitespace-nowrap",
                    c.className,
                    i === 0 && "sticky left-0 z-[1] bg-slate-50",
                  )}
                >
                  {c.sortKey ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.sortKey!, !!c.firstDesc, !!c.oneWay)}
                      className={cn(
                        "-mx-1 min-h-8 rounded px-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600",
                        c.className?.includes("text-right") ? "text-right" : "text-left",
                        active && "text-slate-900",
                      )}
                    >
                      {c.label.split(" ").slice(0, -1).join(" ")}{" "}
                      <span className="whitespace-nowrap">
                        {c.label.split(" ").at(-1)}
                        <Icon className={cn("ml-1 inline h-3.5 w-3.5 align-[-2px]", !active && "text-slate-500")} aria-hidden="true" />
                      </span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A search box over the whole list, not only the page in view. */
export function TableSearch({
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  /** replaces the 24rem width from the sm breakpoint up, e.g. to fill a filter row */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("relative w-full", className ?? "sm:w-96")}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <Input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} className="pl-9" />
    </div>
  );
}

/** "1,234 users" (one: "1 user"). */
export const countOf = (n: number, one: string, many: string): string => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * "Page 3 of 24 · Showing 101–150 of 1,200" with First, Previous, Next and Last
 * (native buttons: keyboard and screen readers as they are; a row of four on a
 * phone); nothing when it all fits on one page.
 */
export function TablePager({
  total,
  offset,
  limit,
  onOffset,
  label,
}: {
  total: number;
  offset: number;
  limit: number;
  onOffset: (offset: number) => void;
  /** names the navigation landmark, e.g. "Users pages" */
  label: string;
}) {
  // rows went away (deleted, approved) and this page is past the end: show the last page
  useEffect(() => {
    if (offset > 0 && offset >= total) onOffset(Math.max(0, Math.ceil(total / limit) - 1) * limit);
  }, [offset, total, limit, onOffset]);
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : Math.min(offset + 1, total);
  const last = Math.min(offset + limit, total);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  const atStart = offset === 0;
  const atEnd = offset + limit >= total;
  const step = "h-11 px-2 sm:h-9 sm:px-3";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-sm text-slate-700">
      <p className="tabular" aria-live="polite">
        <span className="font-medium text-slate-900">
          Page {formatNumber(page)} of {formatNumber(pages)}
        </span>
        <span className="text-slate-600">
          {" "}
          · Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
        </span>
      </p>
      <div className="grid w-full grid-cols-4 gap-2 sm:flex sm:w-auto">
        <Button variant="outline" size="sm" className={step} disabled={atStart} onClick={() => onOffset(0)} aria-label="First page">
          First
        </Button>
        <Button variant="outline" size="sm" className={step} disabled={atStart} onClick={() => onOffset(Math.max(0, offset - limit))} aria-label="Previous page">
          <ChevronLeft className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" className={step} disabled={atEnd} onClick={() => onOffset(offset + limit)} aria-label="Next page">
          Next
          <ChevronRight className="hidden h-4 w-4 sm:block" aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" className={step} disabled={atEnd} onClick={() => onOffset((pages - 1) * limit)} aria-label="Last page">
          Last
        </Button>
      </div>
    </nav>
  );
}
