// A wider Radix dialog for the admin's long forms: focus trapped and returned,
// Escape closes, labelled title (ui.md); full-screen sheet on a phone.
import type { ReactNode } from "react";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import { useDialogFocus } from "../../../components/ui/dialog-focus";

export function WideDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  // first field first, and back to the opener on close (issue 15 #9)
  const focus = useDialogFocus();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <D.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(64rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
              <D.Description className={description ? "mt-1 text-sm text-slate-600" : "sr-only"}>
                {description ?? (typeof title === "string" ? title : "Dialog")}
              </D.Description>
            </div>
            <D.Close className="-m-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close dialog">
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
          </div>
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
