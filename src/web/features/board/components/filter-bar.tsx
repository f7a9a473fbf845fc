// Filter bar of spec §2: text search (applied by the Search button or Enter),
// Weight Range, Distance, Price Range, Load Status, Equipment Type (applied at
// once), Reset, and the count of loads found. Bands are spec §9's, from the contract.
import { useEffect, useId, useState, type FormEvent } from "react";
import { RotateCcw, Search } from "lucide-react";
import { DISTANCE_BANDS, EQUIPMENT_TYPES, PRICE_BANDS, WEIGHT_BANDS, type Band } from "@contract/constants";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";

export interface BoardFilters {
  search: string;
  weight: string;
  distance: string;
  price: string;
  status: string;
  equipmentType: string;
}

export const EMPTY_FILTERS: BoardFilters = { search: "", weight: "all", distance: "all", price: "all", status: "all", equipmentType: "all" };

/** spec §9 load status filter values */
const STATUS_OPTIONS = [
  { value: "all", label: "All Statuses" },
  { value: "available", label: "Available" },
  { value: "accepted", label: "Accepted" },
  { value: "approved", label: "Approved" },
  { value: "completed", label: "Completed" },
  { value: "cancelled", label: "Cancelled" },
];

const bandOptions = (all: string, bands: Band[]) => [{ value: "all", label: all }, ...bands.map((b) => ({ value: b.key, label: b.label }))];
const SELECTS: { key: Exclude<keyof BoardFilters, "search">; label: string; options: { value: string; label: string }[] }[] = [
  { key: "weight", label: "Weight Range", options: bandOptions("All Weights", WEIGHT_BANDS) },
  { key: "distance", label: "Distance", options: bandOptions("All Distances", DISTANCE_BANDS) },
  { key: "price", label: "Price Range", options: bandOptions("All Prices", PRICE_BANDS) },
  { key: "status", label: "Load Status", options: STATUS_OPTIONS },
  { key: "equipmentType", label: "Equipment Type", options: [{ value: "all", label: "All Equipment" }, ...EQUIPMENT_TYPES.map((e) => ({ value: e, label: e }))] },
];

const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

export function FilterBar({ filters, onChange, onReset }: { filters: BoardFilters; onChange: (f: BoardFilters) => void; onReset: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(filters.search);
  // Reset (or any outside change) puts the applied text back in the box
  useEffect(() => setDraft(filters.search), [filters.search]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...filters, search: draft.trim() });
  };

  return (
    <form role="search" aria-label="Filter loads" onSubmit={submit} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
            Search
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              id={`${id}-search`}
              type="search"
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Search by pickup, delivery or load ID"
              className="pl-9 placeholder:text-sm"
              autoComplete="off"
            />
          </div>
        </div>
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            <Search className="h-4 w-4" aria-hidden="true" />
            Search
          </Button>
          <Button type="button" variant="outline" onClick={onReset} className="flex-1 sm:flex-none">
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Reset
          </Button>
        </div>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-5">
        {SELECTS.map((s) => (
          <div key={s.key} className="min-w-0 space-y-1">
            <label htmlFor={`${id}-${s.key}`} className="block text-sm font-medium text-slate-800">
              {s.label}
            </label>
            <select
              id={`${id}-${s.key}`}
              value={filters[s.key]}
              onChange={(e) => onChange({ ...filters, [s.key]: e.target.value })}
              className={selectClass}
            >
              {s.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </form>
  );
}
