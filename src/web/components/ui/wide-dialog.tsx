// The large Radix dialog: a full-screen sheet on a phone, a wide panel at a desk,
// with a title bar (title, description, ✕) over the caller's content. Focus is
// trapped and returned, Escape closes, the title labels it (ui.md). One shell for
// the admin's long forms, Manage Bids and the Help guide; each size keeps its own
// look, so the three read as they always have.
import type { ReactNode } from "react";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import { useDialogFocus } from "./dialog-focus";

const LOOKS = {
  /** the admin's long forms (load, user, company) */
  form: {
    content:
      "fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(64rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl",
    bar: "flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4",
    heading: undefined,
    description: "mt-1 text-sm text-slate-600",
    close: "-m-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900",
  },
  /** a table to compare and decide on (Manage Bids) */
  review: {
    content:
      "fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(68rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl",
    bar: "flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4",
    heading: "min-w-0",
    description: "mt-1 text-sm text-slate-600",
    close: "-m-2 shrink-0 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900",
  },
  /** a document to read, nearly the whole window at a desk (the Help guide) */
  page: {
    content: "fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-6 sm:mx-auto sm:max-w-5xl sm:rounded-xl",
    bar: "flex items-start justify-between gap-3 border-b border-slate-200 p-4",
    heading: "min-w-0",
    description: "mt-0.5 text-sm text-slate-600",
    close: "-m-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900",
  },
} as const;

export type WideDialogSize = keyof typeof LOOKS;

export function WideDialog({
  open,
  onOpenChange,
  title,
  description,
  size = "form",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: WideDialogSize;
  children: ReactNode;
}) {
  // first field (or the dialog's marked control) first, and back to the opener on close
  const focus = useDialogFocus();
  const look = LOOKS[size];
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <D.Content onOpenAutoFocus={focus.onOpenAutoFocus} onCloseAutoFocus={focus.onCloseAutoFocus} className={look.content}>
          <div className={look.bar}>
            <div className={look.heading}>
              <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
              <D.Description className={description ? look.description : "sr-only"}>
                {description ?? (typeof title === "string" ? title : "Dialog")}
              </D.Description>
            </div>
            <D.Close className={look.close} aria-label="Close dialog">
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
          </div>
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
