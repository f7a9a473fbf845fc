// Filters of the admin load tabs: status (All Loads only), carrier
// including Unassigned, From and To pickup date, Clear Filters, and a search by
// load number or city. The server does the filtering over every load (contract
// GET /api/loads query), so results match every poll; the total is the true one.
import { useId, type ReactNode } from "react";
import { LOAD_STATUS_FILTERS, type LoadStatusFilter } from "@contract/schemas/load";
import type { Load } from "@contract/schemas/load";
import { Button } from "../../../components/ui/button";
import { statusLabel } from "../../../components/load-status-badge";
import { MultiSelect, type Option } from "./multi-select";
import { TableSearch, countOf } from "../../../components/table-pager";
import { EMPTY_FILTERS, useCarriers, type AdminLoadFilters } from "../api/queries";

// the five statuses and Expired: available loads whose pickup day has ended (contract expiry)
const STATUS_OPTIONS: Option[] = LOAD_STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) }));

/** Options: every company the carriers list knows, every carrier name on the loads, and what is already picked. */
export function useCarrierOptions(loads: Load[] | undefined, selected: string[]): Option[] {
  const { data: carriers } = useCarriers();
  const names = new Set<string>();
  for (const c of carriers ?? []) if (c.carrierName && c.carrierName !== "Unknown Carrier") names.add(c.carrierName);
  for (const l of loads ?? []) if (l.acceptedByCarrier) names.add(l.acceptedByCarrier);
  for (const s of selected) if (s !== "unassigned") names.add(s);
  const sorted = [...names].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" }));
  return [{ value: "unassigned", label: "Unassigned" }, ...sorted.map((n) => ({ value: n, label: n }))];
}

export function LoadFilters({
  filters,
  onChange,
  showStatus,
  carrierOptions,
  search,
  onSearch,
  total,
  actions,
}: {
  filters: AdminLoadFilters;
  onChange: (f: AdminLoadFilters) => void;
  showStatus: boolean;
  carrierOptions: Option[];
  /** the search box's text (sent once typing pauses) */
  search: string;
  onSearch: (text: string) => void;
  /** every load that matches (X-Total-Count), not only the page in view */
  total?: number;
  /** beside Clear Filters: the tab's Export (a phone: the two side by side) */
  actions?: ReactNode;
}) {
  const id = useId();
  const active = filters.statuses.length + filters.carriers.length + (filters.from ? 1 : 0) + (filters.to ? 1 : 0) + (search.trim() ? 1 : 0) > 0;
  const badRange = filters.from && filters.to && filters.from > filters.to;
  return (
    <div role="group" aria-label="Filters" className="rounded-lg border border-slate-200 bg-white p-3">
      {/* a phone: two columns; a tablet or laptop: the search, then the filters and the count;
          from 1280 px: one row, the search taking what the others leave. Still free to
          wrap, so the load count is never pushed past the right edge (a narrow search
          first, grown to fill, decides where a line breaks) */}
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <div className="col-span-2 sm:basis-full xl:min-w-44 xl:max-w-md xl:flex-1 xl:basis-44">
          <TableSearch
            label="Search loads by load number, pickup city or delivery city"
            placeholder="Load number or city"
            value={search}
            onChange={onSearch}
            className="sm:max-w-md"
          />
        </div>
        {showStatus && (
          <MultiSelect
            className="col-span-2 sm:w-44 sm:shrink-0"
            label="Status"
            allLabel="All statuses"
            options={STATUS_OPTIONS}
            value={filters.statuses}
            onChange={(v) => onChange({ ...filters, statuses: v as LoadStatusFilter[] })}
          />
        )}
        <MultiSelect
          className="col-span-2 sm:w-52 sm:shrink-0"
          label="Carrier"
          allLabel="All carriers"
          options={carrierOptions}
          value={filters.carriers}
          onChange={(v) => onChange({ ...filters, carriers: v })}
        />
        <div className="space-y-1 sm:shrink-0">
          <label htmlFor={`${id}-from`} className="block text-xs font-medium text-slate-700">
            From pickup date
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => onChange({ ...filters, from: e.target.value })}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm sm:min-h-9"
          />
        </div>
        <div className="space-y-1 sm:shrink-0">
          <label htmlFor={`${id}-to`} className="block text-xs font-medium text-slate-700">
            To pickup date
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => onChange({ ...filters, to: e.target.value })}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm sm:min-h-9"
          />
        </div>
        <Button
          variant="outline"
          size="sm"
          className={`${actions ? "col-span-1" : "col-span-2"} min-h-11 sm:min-h-9 sm:shrink-0`}
          disabled={!active}
          onClick={() => {
            onChange({ ...EMPTY_FILTERS, sort: filters.sort });
            onSearch("");
          }}
        >
          Clear Filters
        </Button>
        {actions}
        {total != null && (
          <p className="tabular col-span-2 whitespace-nowrap text-sm font-medium text-slate-700 sm:ml-auto sm:pb-2" aria-live="polite">
            {countOf(total, "load", "loads")}
          </p>
        )}
      </div>
      {badRange && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The From date is after the To date, so no load can match.
        </p>
      )}
    </div>
  );
}
