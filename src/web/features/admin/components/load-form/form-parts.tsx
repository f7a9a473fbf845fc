// The load form's own building blocks: a titled group of fields (a fieldset with
// its legend) and a field with its label above, its hint or message under it,
// linked by aria so a screen reader reads them with the control (ui.md forms).
import { cloneElement, type ReactElement, type ReactNode } from "react";
import type { FieldPath, UseFormRegister } from "react-hook-form";
import { cn } from "../../../../lib/cn";
import type { LoadFormValues, Side, SideValues } from "./load-form-values";

export type LoadFormErrors = Partial<Record<keyof LoadFormValues, { message?: string }>>;

/** What every section of the form is given: the form's register and its messages. */
export interface SectionProps {
  register: UseFormRegister<LoadFormValues>;
  errors: LoadFormErrors;
}

export type SetValue = (name: keyof LoadFormValues, value: string, opts?: { shouldDirty?: boolean }) => void;

/** What the fields of one end of the route (pickup or delivery) are given. */
export interface SideProps extends SectionProps {
  side: Side;
  /** "Pickup" or "Delivery" */
  title: string;
  values: LoadFormValues;
  setValue: SetValue;
}

/** The form field of one end's value: ("pickup", "Zip") → "pickupZip". */
export const sideField = (side: Side, f: keyof SideValues) => `${side}${f}` as keyof LoadFormValues & FieldPath<LoadFormValues>;

export const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-700">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Label above, control, the message under it, linked by aria (ui.md forms). */
export function F({
  label,
  name,
  errors,
  hint,
  children,
  className,
}: {
  label: string;
  name: keyof LoadFormValues;
  errors: LoadFormErrors;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}) {
  const id = `load-${name}`;
  const error = errors[name]?.message;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
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
