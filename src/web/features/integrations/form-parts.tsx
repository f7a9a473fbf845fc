// What the integrations forms (API token, webhook) share: a dialog holding one
// form, fresh each time it opens, whose Save reports the form's own checks and the
// server's refusal under the fields they name (or once for the whole form); and a
// group of checkboxes for the chosen few of a fixed list (scopes, events).
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { CancelAnd, Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/format";

export type FormErrors<K extends string> = Partial<Record<K | "form", string>>;

/** Each field's first message from a 400's details; none: `failure` (or the server's words) for the whole form. */
export function formErrorsOf<K extends string>(err: unknown, failure: string): FormErrors<K> {
  const details = err instanceof ApiError ? (err.body?.details as { path: string; message: string }[] | undefined) : undefined;
  const byField: FormErrors<K> = {};
  if (Array.isArray(details)) for (const d of details) byField[d.path.split(".")[0] as K] ??= d.message;
  return Object.keys(byField).length ? byField : ({ form: errorMessage(err, failure) } as FormErrors<K>);
}

/**
 * The values of a dialog's form, its messages and what the server created. All
 * start again each time the dialog opens (or `subject` changes), so a secret
 * shown once is forgotten when the dialog closes.
 */
export function useDialogForm<V extends object, K extends string, C>(open: boolean, start: () => V, subject?: unknown) {
  const [values, setValues] = useState<V>(start);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [created, setCreated] = useState<C | null>(null);
  useEffect(() => {
    if (!open) return;
    setValues(start());
    setErrors({});
    setCreated(null);
    // `start` is the caller's inline function: only a new opening or subject starts again
  }, [open, subject]);
  return {
    values,
    set: (patch: Partial<V>) => setValues((v) => ({ ...v, ...patch })),
    errors,
    created,
    setCreated,
    /** the form's own problems first; none: send it, and put the server's refusal under its fields */
    async save(problems: FormErrors<K>, send: () => Promise<void>, failure: string) {
      setErrors(problems);
      if (Object.keys(problems).length) return;
      try {
        await send();
      } catch (err) {
        setErrors(formErrorsOf<K>(err, failure));
      }
    },
  };
}

/** A dialog around one form: Cancel and the submit button in its footer, the form's own message under the fields. */
export function FormDialog({
  formId,
  submitLabel,
  pending,
  onSubmit,
  formError,
  children,
  ...dialog
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  formId: string;
  /** the submit button's icon and words */
  submitLabel: ReactNode;
  pending: boolean;
  onSubmit: () => void;
  formError?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      {...dialog}
      footer={
        <CancelAnd onCancel={() => dialog.onOpenChange(false)}>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </CancelAnd>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
        className="space-y-4"
      >
        {children}
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** Checkboxes for the chosen few of a fixed list, each with its label and its code. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  chosen,
  onChange,
  error,
  errorId,
}: {
  legend: ReactNode;
  options: readonly T[];
  labels: Record<T, string>;
  chosen: T[];
  onChange: (chosen: T[]) => void;
  error?: string;
  /** the message's id, read with the group */
  errorId: string;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {options.map((o) => (
          <Checkbox
            key={o}
            checked={chosen.includes(o)}
            onCheckedChange={(c) => onChange(c === true ? [...chosen, o] : chosen.filter((x) => x !== o))}
            label={
              <span>
                {labels[o]} <code className="text-xs text-slate-500">{o}</code>
              </span>
            }
          />
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
