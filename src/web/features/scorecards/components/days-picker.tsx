// The period of a scorecard: the last 30, 90 or 365 days, a radio group (arrow keys
// move between them); three equal parts on a phone, as wide as the words on a desk. The
// choice stays put across reloads in this browser tab (ui.md: filters that stay put).
import { useId, useState } from "react";
import { cn } from "../../../lib/cn";
import { DAY_CHOICES, DEFAULT_DAYS } from "../scorecard-format";

const STORE_KEY = "scorecard.days";

export function useStoredDays(): [number, (d: number) => void] {
  const [days, setDays] = useState<number>(() => {
    try {
      const n = Number(sessionStorage.getItem(STORE_KEY));
      return (DAY_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_DAYS;
    } catch {
      return DEFAULT_DAYS;
    }
  });
  const set = (d: number) => {
    setDays(d);
    try {
      sessionStorage.setItem(STORE_KEY, String(d));
    } catch {
      // private mode: the choice still works, it just does not survive a reload
    }
  };
  return [days, set];
}

export function DaysPicker({ days, onChange, className }: { days: number; onChange: (d: number) => void; className?: string }) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="mb-1 text-sm font-medium text-slate-700">Period</legend>
      <div className="grid w-full grid-cols-3 rounded-lg border border-slate-300 bg-white p-0.5 sm:inline-grid sm:w-auto">
        {DAY_CHOICES.map((d) => (
          <label
            key={d}
            className={cn(
              "relative inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium whitespace-nowrap sm:px-3",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600",
              d === days ? "bg-brand-800 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <input type="radio" name={name} value={d} checked={d === days} onChange={() => onChange(d)} className="sr-only" />
            {d} days
          </label>
        ))}
      </div>
    </fieldset>
  );
}
