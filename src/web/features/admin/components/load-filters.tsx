// Filters of the admin load tabs (spec §2): status (All Loads only), carrier
// including Unassigned, From and To pickup date, Clear Filters. The server does
// the filtering (contract GET /api/loads query), so results match every poll.
import { useId } from "react";
import { LOAD_STATUSES, type LoadStatus } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import { Button } from "../../../components/ui/button";
import { statusLabel } from "../../../components/load-status-badge";
import { MultiSelect, type Option } from "./multi-select";
import { useCarriers, type AdminLoadFilters } from "../api/queries";

const STATUS_OPTIONS: Option[] = LOAD_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

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
  resultCount,
}: {
  filters: AdminLoadFilters;
  onChange: (f: AdminLoadFilters) => void;
  showStatus: boolean;
  carrierOptions: Option[];
  resultCount?: number;
}) {
  const id = useId();
  const active = filters.statuses.length + filters.carriers.length + (filters.from ? 1 : 0) + (filters.to ? 1 : 0) > 0;
  const badRange = filters.from && filters.to && filters.from > filters.to;
  return (
    <div role="group" aria-label="Filters" className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        {showStatus && (
          <MultiSelect
            className="col-span-2 sm:w-56"
            label="Status"
            allLabel="All statuses"
            options={STATUS_OPTIONS}
            value={filters.statuses}
            onChange={(v) => onChange({ ...filters, statuses: v as LoadStatus[] })}
          />
        )}
        <MultiSelect
          className="col-span-2 sm:w-64"
          label="Carrier"
          allLabel="All carriers"
          options={carrierOptions}
          value={filters.carriers}
          onChange={(v) => onChange({ ...filters, carriers: v })}
        />
        <div className="space-y-1">
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
        <div className="space-y-1">
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
          className="col-span-2 min-h-11 sm:min-h-9"
          disabled={!active}
          onClick={() => onChange({ statuses: [], carriers: [], from: "", to: "" })}
        >
          Clear Filters
        </Button>
        {resultCount != null && (
          <p className="col-span-2 text-sm text-slate-600 sm:ml-auto" aria-live="polite">
            {resultCount} {resultCount === 1 ? "load" : "loads"}
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
