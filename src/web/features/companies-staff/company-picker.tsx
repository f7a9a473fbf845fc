// Choose a company by typing part of its name (contract GET /api/companies?search=,
// staff): an ARIA combobox whose list stays in the dialog's flow, so it works the
// same with a keyboard, a screen reader and a thumb on a 390 px phone.
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Check, Search } from "lucide-react";
import type { Company } from "@contract/schemas/company";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useCompanySearch } from "./api";
import { ComplianceBadge } from "./badges";

const SEARCH_DELAY_MS = 250;

export function CompanyPicker({
  label,
  value,
  onChange,
  exclude,
  error,
  autoFocus = false,
}: {
  label: string;
  value: Company | null;
  onChange: (c: Company | null) => void;
  /** the company being moved from or merged: never a choice */
  exclude?: string;
  error?: string;
  /** focus the box when it appears (back from a confirmation step) */
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [sent, setSent] = useState("");
  const [active, setActive] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setSent(text), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);
  const found = useCompanySearch(sent);
  const options = (found.data?.rows ?? []).filter((c) => c.id !== exclude);
  const more = (found.data?.total ?? 0) - (found.data?.rows.length ?? 0);
  useEffect(() => setActive(0), [sent]);

  const optionId = (i: number) => `${id}-opt-${i}`;
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!options.length) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => (a + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (e.key === "Enter") {
      // Enter picks the highlighted company instead of submitting the form
      e.preventDefault();
      onChange(options[Math.min(active, options.length - 1)]);
    }
  };

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input
          id={`${id}-input`}
          role="combobox"
          type="search"
          autoComplete="off"
          placeholder="Type part of the company name"
          className="pl-9"
          value={text}
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          aria-expanded={options.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={options.length ? optionId(Math.min(active, options.length - 1)) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status${error ? ` ${id}-error` : ""}`}
        />
      </div>
      <ul id={`${id}-list`} role="listbox" aria-label={`${label}: companies`} className="max-h-64 overflow-y-auto rounded-md border border-slate-200 empty:hidden">
        {options.map((c, i) => {
          const selected = value?.id === c.id;
          return (
            <li
              key={c.id}
              id={optionId(i)}
              role="option"
              aria-selected={selected}
              // the typing stays in the box: a tap chooses without moving focus away
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onChange(c)}
              onMouseMove={() => setActive(i)}
              className={cn(
                "flex min-h-11 cursor-pointer items-center justify-between gap-3 border-b border-slate-100 px-3 py-1.5 text-sm last:border-b-0",
                i === Math.min(active, options.length - 1) && "bg-slate-100",
                selected && "font-semibold text-brand-800",
              )}
            >
              <span className="flex min-w-0 items-center gap-2">
                {selected ? <Check className="h-4 w-4 shrink-0" aria-hidden="true" /> : <span className="w-4 shrink-0" aria-hidden="true" />}
                <span className="[overflow-wrap:anywhere]">{c.name}</span>
              </span>
              <span className="flex shrink-0 items-center gap-2 text-xs text-slate-600">
                {c.memberCount} {c.memberCount === 1 ? "member" : "members"}
                {/* a phone keeps the row for the name */}
                <span className="hidden sm:inline">
                  <ComplianceBadge status={c.compliance} />
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <p id={`${id}-status`} className="text-xs text-slate-600" aria-live="polite">
        {found.isError
          ? "Could not search the companies. Check your connection and type again."
          : found.isLoading
            ? ""
            : !options.length
              ? sent
                ? "No other company matches. Check the spelling."
                : "No other companies yet."
              : more > 0
                ? `${options.length} shown; type more of the name to narrow ${more} more.`
                : `${options.length} ${options.length === 1 ? "company" : "companies"}: use the arrow keys and Enter, or tap one.`}
      </p>
      {found.isLoading && <Spinner label="Searching companies..." className="min-h-11" />}
      {value && (
        <p className="text-sm text-slate-800">
          Chosen: <span className="font-semibold">{value.name}</span>
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
