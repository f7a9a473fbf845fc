// The shell of a staff settings dialog (Schedule Email, Compliance settings, Invoice
// settings in the admin header): the saved settings load when it opens, a spinner
// meanwhile, and the failure in words with Try again (ui.md: loading and error
// states), then the feature's own form with what is saved.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Spinner } from "./ui/spinner";

export function SettingsDialog<T>({
  open,
  onOpenChange,
  title,
  description,
  settings,
  failure,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** the feature's query of the saved settings, enabled while the dialog is open */
  settings: UseQueryResult<T>;
  /** shown when they cannot be loaded, e.g. "Could not load the invoice settings." */
  failure: string;
  /** the form, given what is saved and `done` to close the dialog */
  children: (saved: T, done: () => void) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {settings.isPending ? (
        <Spinner label="Loading..." className="min-h-32" />
      ) : settings.isError ? (
        <div className="space-y-3" role="alert">
          <p className="text-sm text-red-700">{failure}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        children(settings.data, () => onOpenChange(false))
      )}
    </Dialog>
  );
}
