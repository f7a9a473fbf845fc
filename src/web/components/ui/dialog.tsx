// Radix dialog: focus trapped and returned, Escape closes, labelled title (ui.md).
// Focus starts on the first field or the primary action (the footer's last button),
// never the ✕, and goes back to whatever opened the dialog (dialog-focus.ts).
import type { ReactNode } from "react";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import { useDialogFocus } from "./dialog-focus";
import { Button } from "./button";

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const focus = useDialogFocus();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <D.Content
          className={cn(
            "fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-xl wrap-break-word sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl",
            className,
          )}
          aria-describedby={description ? undefined : undefined}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>
              ) : (
                <D.Description className="sr-only">{typeof title === "string" ? title : "Dialog"}</D.Description>
              )}
            </div>
            <D.Close className="-m-2 shrink-0 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close dialog">
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
          </div>
          {children}
          {footer && (
            <div data-dialog-footer className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** The usual footer: Cancel (closes without doing anything), then the dialog's one action. */
export function CancelAnd({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </>
  );
}
