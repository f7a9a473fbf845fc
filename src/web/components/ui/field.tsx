import { useId, type ReactNode, cloneElement, isValidElement, type ReactElement } from "react";
import { cn } from "../../lib/cn";

/**
 * Label above, control, the spec's message under the field it belongs to
 * (ui.md "Dialogs and forms"); the message is announced and linked by aria.
 */
export function Field({
  label,
  error,
  hint,
  children,
  className,
  id: givenId,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
  id?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined,
      })
    : children;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
