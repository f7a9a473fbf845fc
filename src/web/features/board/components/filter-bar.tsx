// The board's filter bar: text search (applied by the Search button or Enter) in
// view, and a row of chips opening the sheet with Weight Range, Distance, Price
// Range, Load Status, Equipment Type (applied at once) and the near postcodes; Reset,
// and the count of loads found beside the list. Folded so a phone's first screen
// shows loads. The sort control is a native select: one thumb on a phone.
import { useEffect, useId, useState, type FormEvent } from "react";
import { ArrowUpDown, BookmarkPlus, MapPin, Search } from "lucide-react";
import type { LoadSort } from "@contract/schemas/load";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { NEAR_MILES_OPTIONS, SORT_OPTIONS, type BoardFilters } from "../board-url";
import { nearPostcodeProblem, type NearErrors, type NearField } from "../near-postcode";
import { SELECTS, type SelectKey } from "./filter-options";
import { FilterChips, FilterSheet } from "./filter-sheet";

const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

export function FilterBar({
  filters,
  onChange,
  onReset,
  onSave,
  nearErrors,
}: {
  filters: BoardFilters;
  /** the server's words on a near postcode it does not know, by field */
  nearErrors?: NearErrors | null;
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
  // each on its own: a postcode refused as typed stays in its box while the other one is applied
  useEffect(() => setNear((n) => ({ ...n, pickupNear: filters.pickupNear })), [filters.pickupNear]);
  useEffect(() => setNear((n) => ({ ...n, deliveryNear: filters.deliveryNear })), [filters.deliveryNear]);

  // a typed near postcode that cannot be one: said under its field, and not applied
  const [typedErrors, setTypedErrors] = useState<NearErrors>({});
  /** the near postcodes as typed, those that may be sent applied, the others left as they were and said */
  const withNear = (f: BoardFilters): BoardFilters => {
    const next = { ...f };
    const problems: NearErrors = {};
    for (const key of ["pickupNear", "deliveryNear"] as const) {
      const problem = nearPostcodeProblem(near[key]);
      if (problem) problems[key] = problem;
      else next[key] = near[key].trim().toUpperCase();
    }
    setTypedErrors(problems);
    return next;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange(withNear({ ...filters, search: draft.trim() }));
  };
  const typeNear = (key: NearField, value: string) => {
    setNear({ ...near, [key]: value });
    setTypedErrors({ ...typedErrors, [key]: undefined });
    // clearing the field clears its filter at once
    if (value.trim() === "" && filters[key]) onChange({ ...filters, [key]: "", [key === "pickupNear" ? "pickupMiles" : "deliveryMiles"]: "" });
  };
  // the server's words stand only while the field still holds what it judged
  const nearError = (key: NearField) => typedErrors[key] ?? (nearErrors?.[key] && near[key].trim().toUpperCase() === filters[key] ? nearErrors[key] : undefined);

  // the sheet: which chip opened it (its field takes the focus)
  const [sheet, setSheet] = useState<{ open: boolean; field?: SelectKey }>({ open: false });
  const closeSheet = () => setSheet({ open: false });
  // a postcode the server does not know is said under its field, in the sheet: it opens to show it
  const serverNearErrors = nearErrors ? JSON.stringify(nearErrors) : "";
  useEffect(() => {
    if (serverNearErrors) setSheet({ open: true });
  }, [serverNearErrors]);
  // Enter or "Show loads" applies the text and postcodes; the sheet stays open over a postcode that cannot be one
  const apply = (e: FormEvent) => {
    submit(e);
    if (!nearPostcodeProblem(near.pickupNear) && !nearPostcodeProblem(near.deliveryNear)) closeSheet();
  };

  return (
    <form role="search" aria-label="Filter loads" onSubmit={apply} className="space-y-2">
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
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
        <Button type="submit" className="shrink-0">
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </Button>
      </div>
      <FilterChips
        filters={filters}
        sheetId={`${id}-sheet`}
        open={sheet.open}
        onOpen={(field) => setSheet({ open: true, field })}
        onReset={onReset}
        sort={<SortControl value={filters.sort} onChange={(sort) => onChange({ ...filters, sort })} />}
      />
      <FilterSheet
        id={`${id}-sheet`}
        open={sheet.open}
        onClose={closeSheet}
        focusField={sheet.field && `${id}-${sheet.field}`}
        footer={
          <>
            {onSave && (
              // the save dialog opens over the board, so the sheet closes first
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  closeSheet();
                  onSave();
                }}
              >
                <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
                Save this search
              </Button>
            )}
            <Button type="submit">Show loads</Button>
          </>
        }
      >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
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
      <div className="grid gap-3 md:grid-cols-2">
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
                aria-invalid={nearError(postcodeKey) ? true : undefined}
                aria-describedby={nearError(postcodeKey) ? `${id}-${postcodeKey}-error` : undefined}
                value={near[postcodeKey]}
                maxLength={12}
                onChange={(e) => typeNear(postcodeKey, e.target.value)}
                placeholder="Postcode, e.g. LS1"
                autoComplete="off"
                autoCapitalize="characters"
                className="min-w-0 flex-1 uppercase placeholder:normal-case"
              />
              <select
                aria-label={`${label}: within`}
                value={filters[milesKey] || "50"}
                // applied at once, with the postcode typed beside it (a radius alone means nothing)
                onChange={(e) => onChange(withNear({ ...filters, [milesKey]: e.target.value === "50" ? "" : e.target.value }))}
                className={cn(selectClass.replace("w-full", ""), "w-32 shrink-0")}
              >
                {NEAR_MILES_OPTIONS.map((m) => (
                  <option key={m} value={m}>
                    {m} miles
                  </option>
                ))}
              </select>
            </div>
            {nearError(postcodeKey) && (
              <p id={`${id}-${postcodeKey}-error`} role="alert" className="mt-1 text-sm text-red-700">
                {nearError(postcodeKey)}
              </p>
            )}
          </fieldset>
        ))}
      </div>
      </FilterSheet>
    </form>
  );
}

/** The board's order (contract `sort`): a native select in a chip, full height, labelled "Sort by" (in words from sm up). */
export function SortControl({ value, onChange, className }: { value: LoadSort; onChange: (sort: LoadSort) => void; className?: string }) {
  const id = useId();
  return (
    <div
      className={cn(
        "inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border border-slate-300 bg-white pl-3.5 focus-within:ring-2 focus-within:ring-brand-600/40",
        className,
      )}
    >
      <label htmlFor={id} className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-slate-800">
        <ArrowUpDown className="h-4 w-4 text-slate-600" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Sort by</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as LoadSort)}
        className="min-h-11 rounded-full bg-transparent pr-2 text-base font-medium text-slate-900 focus:outline-none sm:text-sm"
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
