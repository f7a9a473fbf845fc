// The shell of a staff settings dialog (Schedule Email, Compliance settings, Invoice
// settings): the saved settings load when it opens, a spinner meanwhile, and the
// failure in words with Try again (ui.md: loading and error states), then the
// feature's own form with what is saved, ending in Cancel and Save.
import { useEffect, type ComponentType, type ReactNode, type RefObject } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Spinner } from "./ui/spinner";
import { cn } from "../lib/cn";

export interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface SettingsWords {
  title: string;
  description: string;
  /** shown when the settings cannot be loaded, e.g. "Could not load the invoice settings." */
  failure: string;
}

export function SettingsDialog<T>({
  open,
  onOpenChange,
  words,
  settings,
  Form,
}: SettingsDialogProps & {
  words: SettingsWords;
  /** the feature's query of the saved settings, enabled while the dialog is open */
  settings: UseQueryResult<T>;
  /** the form, given what is saved and `onDone` to close the dialog */
  Form: ComponentType<{ saved: T; onDone: () => void }>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={words.title} description={words.description}>
      {settings.isPending ? (
        <Spinner label="Loading..." className="min-h-32" />
      ) : settings.isError ? (
        <div className="space-y-3" role="alert">
          <p className="text-sm text-red-700">{words.failure}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Form saved={settings.data} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

/** A settings form: its fields, then Cancel and Save; Save checks and saves (`onSave`). */
export function SettingsForm({ onSave, onCancel, pending, children }: { onSave: () => void; onCancel: () => void; pending: boolean; children: ReactNode }) {
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {children}
      <SettingsButtons onCancel={onCancel} pending={pending} spaced />
    </form>
  );
}

/** Cancel and Save at the foot of a settings form; Save submits it. */
export function SettingsButtons({ onCancel, pending, disabled, spaced = false }: { onCancel: () => void; pending: boolean; disabled?: boolean; spaced?: boolean }) {
  return (
    <div className={cn("flex flex-col-reverse gap-2", spaced && "pt-1", "sm:flex-row sm:justify-end")}>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={disabled}>
        Save
      </Button>
    </div>
  );
}

/**
 * The dialog opened on its spinner: once the settings arrive, focus moves to the
 * form's first control, unless the user has already moved it somewhere in the dialog.
 */
export function useFocusOnArrival(first: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    const el = first.current;
    const active = document.activeElement;
    if (enabled && el && (!active || active === document.body || active === el.closest('[role="dialog"]'))) el.focus();
  }, [first, enabled]);
}
