// The board's filters folded away so the first screen shows loads: a row of chips
// (Filters with how many are set, the sort, one chip per filter naming its choice, Reset)
// opens a sheet holding the fields: a bottom sheet on a phone, a panel on a desk.
// The sheet is a native modal <dialog>: focus kept inside, Escape closes it, and
// no dialog library on the board's first load.
import { useEffect, useRef, type ReactNode } from "react";
import { MapPin, RotateCcw, SlidersHorizontal, X } from "lucide-react";
import { cn } from "../../../lib/cn";
import type { BoardFilters } from "../board-url";
import { SELECTS, type SelectKey } from "./filter-options";

const chip = "inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40";
const chipOff = "border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
const chipOn = "border-brand-600 bg-brand-50 text-brand-800";

/** How many filters the sheet holds are set (the search text has its own box). */
export function activeFilterCount(f: BoardFilters): number {
  return SELECTS.filter((s) => f[s.key] !== "all").length + (f.pickupNear ? 1 : 0) + (f.deliveryNear ? 1 : 0);
}

export function FilterChips({
  filters,
  sheetId,
  open,
  onOpen,
  onReset,
  sort,
}: {
  filters: BoardFilters;
  sheetId: string;
  open: boolean;
  onOpen: (field?: SelectKey) => void;
  onReset: () => void;
  /** the sort control, second in the row: in reach without scrolling it sideways */
  sort: ReactNode;
}) {
  const count = activeFilterCount(filters);
  const near = (side: "pickup" | "delivery") => {
    const postcode = filters[`${side}Near`];
    return postcode ? `${side === "pickup" ? "Pickup" : "Delivery"} near ${postcode} · ${filters[`${side}Miles`] || "50"} miles` : null;
  };
  return (
    // one row that scrolls sideways on a phone rather than growing downwards
    <div className="-mx-4 flex gap-2 overflow-x-auto px-4 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
      <button type="button" className={cn(chip, count ? chipOn : chipOff)} aria-haspopup="dialog" aria-expanded={open} aria-controls={sheetId} onClick={() => onOpen()}>
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        Filters
        {count > 0 && <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white tabular">{count}</span>}
      </button>
      {sort}
      {SELECTS.map((s) => {
        const set = filters[s.key] !== "all";
        // unset: the filter's name; set: what is chosen
        const text = set ? (s.options.find((o) => o.value === filters[s.key])?.label ?? s.label) : s.label;
        return (
          <button key={s.key} type="button" className={cn(chip, set ? chipOn : chipOff)} aria-haspopup="dialog" onClick={() => onOpen(s.key)}>
            {text}
          </button>
        );
      })}
      {(["pickup", "delivery"] as const).map((side) => {
        const text = near(side);
        return (
          text && (
            <button key={side} type="button" className={cn(chip, chipOn)} aria-haspopup="dialog" onClick={() => onOpen()}>
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {text}
            </button>
          )
        );
      })}
      <button type="button" className={cn(chip, chipOff)} onClick={onReset}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Reset
      </button>
    </div>
  );
}

/** The sheet: opened and closed by `open`; a tap on the dimmed page or Escape calls onClose. */
export function FilterSheet({ id, open, onClose, focusField, children, footer }: { id: string; open: boolean; onClose: () => void; focusField?: string; children: ReactNode; footer: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // a chip opens the sheet at its own field
      if (focusField) document.getElementById(focusField)?.focus();
    } else if (!open && d.open) d.close();
  }, [open, focusField]);
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      // the dialog element itself is hit only outside the panel: on the dimmed backdrop
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className="mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:m-auto sm:max-w-3xl sm:rounded-2xl"
    >
      <div className="flex max-h-[85dvh] flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 sm:px-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Filters
          </h2>
          <button type="button" onClick={onClose} className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100" aria-label="Close filters">
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:justify-end sm:px-6">{footer}</div>
      </div>
    </dialog>
  );
}
