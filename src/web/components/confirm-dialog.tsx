// A destructive action asked once (ui.md "Dialogs and forms"): the question, what
// follows from it, Cancel and the action in red. The action's failure is shown in
// the dialog, which stays open so it can be tried again; success closes it.
import { useState, type ReactNode } from "react";
import { Button } from "./ui/button";
import { CancelAnd, Dialog } from "./ui/dialog";
import { errorMessage } from "../lib/format";

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  failure,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** the red button's words, e.g. "Revoke token" */
  confirmLabel: string;
  /** the action is on its way: a spinner in the button, no second click */
  pending: boolean;
  /** does it (and says so, e.g. a toast); a rejection keeps the dialog open with its message */
  onConfirm: () => Promise<void>;
  /** the message when the error has none of its own */
  failure: string;
}) {
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, failure));
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <CancelAnd onCancel={() => onOpenChange(false)}>
          <Button variant="destructive" loading={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </CancelAnd>
      }
    >
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  );
}
