// The board's filter bar: text search (applied by the Search button or Enter),
// Weight Range, Distance, Price Range, Load Status, Equipment Type (applied at
// once), Reset, and the count of loads found. The bands come from the contract
// (contract/constants.ts). The sort control is a native select: one thumb on a phone.
import { useEffect, useId, useState, type FormEvent } from "react";
import { ArrowUpDown, BookmarkPlus, MapPin, RotateCcw, Search } from "lucide-react";
import { DISTANCE_BANDS, EQUIPMENT_TYPES, PRICE_BANDS, WEIGHT_BANDS, type Band } from "@contract/constants";
import type { LoadSort } from "@contract/schemas/load";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { NEAR_MILES_OPTIONS, SORT_OPTIONS, type BoardFilters } from "../board-url";

/** the load status filter's values */
const STATUS_OPTIONS = [
  { value: "all", label: "All Statuses" },
  { value: "available", label: "Available" },
  { value: "accepted", label: "Accepted" },
  { value: "approved", label: "Approved" },
  { value: "completed", label: "Completed" },
  { value: "cancelled", label: "Cancelled" },
];

const bandOptions = (all: string, bands: Band[]) => [{ value: "all", label: all }, ...bands.map((b) => ({ value: b.key, label: b.label }))];
const SELECTS: { key: "weight" | "distance" | "price" | "status" | "equipmentType"; label: string; options: { value: string; label: string }[] }[] = [
  { key: "weight", label: "Weight Range", options: bandOptions("All Weights", WEIGHT_BANDS) },
  { key: "distance", label: "Distance", options: bandOptions("All Distances", DISTANCE_BANDS) },
  { key: "price", label: "Price Range", options: bandOptions("All Prices", PRICE_BANDS) },
  { key: "status", label: "Load Status", options: STATUS_OPTIONS },
  { key: "equipmentType", label: "Equipment Type", options: [{ value: "all", label: "All Equipment" }, ...EQUIPMENT_TYPES.map((e) => ({ value: e, label: e }))] },
];

const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

export function FilterBar({
  filters,
  onChange,
  onReset,
  onSave,
}: {
  filters: BoardFilters;
  onChange: (f: BoardFilters) => void;
  onReset: () => void;
  /** "Save this search": name the current filters and choose their alert */
  onSave?: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(filters.search);
  // the near postcodes are typed, then applied with the search text (Search or Enter)
  const [near, setNear] = useState({ pickupNear: filters.pickupNear, deliveryNear: filters.deliveryNear });
  // Reset (or any outside change) puts the applied text back in the box
  useEffect(() => setDraft(filters.search), [filters.search]);
  useEffect(() => setNear({ pickupNear: filters.pickupNear, deliveryNear: filters.deliveryNear }), [filters.pickupNear, filters.deliveryNear]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...filters, search: draft.trim(), pickupNear: near.pickupNear.trim().toUpperCase(), deliveryNear: near.deliveryNear.trim().toUpperCase() });
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
        <div className="flex flex-wrap gap-2 sm:flex-nowrap">
          <Button type="submit" className="flex-1 sm:flex-none">
            <Search className="h-4 w-4" aria-hidden="true" />
            Search
          </Button>
          {onSave && (
            // on a phone a row of its own, under Search and Reset (a three-line button otherwise)
            <Button type="button" variant="outline" onClick={onSave} className="order-last basis-full sm:order-none sm:basis-auto">
              <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
              Save this search
            </Button>
          )}
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
      {/* near filters: within a radius of a postcode district, pickup and delivery */}
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {(
          [
            ["pickup", "Pickup near", "pickupNear", "pickupMiles"],
            ["delivery", "Delivery near", "deliveryNear", "deliveryMiles"],
          ] as const
        ).map(([side, label, postcodeKey, milesKey]) => (
          <fieldset key={side} className="min-w-0">
            <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium text-slate-800">
              <MapPin className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {label}
            </legend>
            <div className="flex gap-2">
              <Input
                aria-label={`${label}: postcode`}
                value={near[postcodeKey]}
                maxLength={12}
                onChange={(e) => setNear({ ...near, [postcodeKey]: e.target.value })}
                placeholder="Postcode, e.g. LS1"
                autoComplete="off"
                autoCapitalize="characters"
                className="min-w-0 flex-1 uppercase placeholder:normal-case"
              />
              <select
                aria-label={`${label}: within`}
                value={filters[milesKey] || "50"}
                // applied at once, with the postcode typed beside it (a radius alone means nothing)
                onChange={(e) => onChange({ ...filters, [postcodeKey]: near[postcodeKey].trim().toUpperCase(), [milesKey]: e.target.value === "50" ? "" : e.target.value })}
                className={cn(selectClass.replace("w-full", ""), "w-32 shrink-0")}
              >
                {NEAR_MILES_OPTIONS.map((m) => (
                  <option key={m} value={m}>
                    {m} miles
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        ))}
      </div>
    </form>
  );
}

/** The board's order (contract `sort`): a native select, full height, labelled "Sort by". */
export function SortControl({ value, onChange, className }: { value: LoadSort; onChange: (sort: LoadSort) => void; className?: string }) {
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <label htmlFor={id} className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-slate-800">
        <ArrowUpDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
        Sort by
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as LoadSort)} className={cn(selectClass, "min-w-0 flex-1 sm:w-52 sm:flex-none")}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
