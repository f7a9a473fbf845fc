// Verify and Reject for a document waiting for review (contract: POST
// /api/documents/{id}/verify, /reject {reason}; staff). Reject asks for the reason
// in a dialog: the carrier reads it on their Company page to know what to fix.
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, X } from "lucide-react";
import { COMPANY_MSG, DOCUMENT_KIND_LABELS, documentRejectSchema, type CompanyDocument } from "@contract/schemas/company";
import { ApiError } from "../../lib/api";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { useRejectDocument, useVerifyDocument } from "./api";

/** "Vehicle insurance, Smith Haulage Ltd": what a button, toast or dialog is about. */
export const documentLabel = (doc: Pick<CompanyDocument, "kind">, companyName?: string) =>
  companyName ? `${DOCUMENT_KIND_LABELS[doc.kind]}, ${companyName}` : DOCUMENT_KIND_LABELS[doc.kind];

/**
 * Verify (at once) and Reject (asks for the reason: `onReject` opens the table's one
 * RejectDocumentDialog, which outlives the row). The row leaves its list once
 * reviewed; focus then goes to the table rather than the page's start.
 */
export function ReviewActions({ doc, label, onReject, compact = false }: { doc: CompanyDocument; label: string; onReject: () => void; compact?: boolean }) {
  const verify = useVerifyDocument();
  // desk tables keep a 32 px row; a phone gets 44 px targets (ui.md)
  const size = compact ? "h-11 sm:h-8" : "h-11 sm:h-9";
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap">
      <Button
        variant="success"
        size="sm"
        className={size}
        aria-label={`Verify ${label}`}
        loading={verify.isPending}
        onClick={(e) => {
          const region = e.currentTarget.closest<HTMLElement>('[role="region"], [role="dialog"], [role="tabpanel"]');
          verify.mutate({ doc, label }, { onSettled: () => keepFocusIn(region) });
        }}
      >
        <Check className="h-4 w-4" aria-hidden="true" />
        Verify
      </Button>
      <Button variant="outline" size="sm" className={`${size} text-red-700`} aria-label={`Reject ${label}`} disabled={verify.isPending} onClick={onReject}>
        <X className="h-4 w-4" aria-hidden="true" />
        Reject
      </Button>
    </div>
  );
}

/** The focused button went away with its row: focus the list it was in, never the page body. */
function keepFocusIn(region: HTMLElement | null) {
  if (!region?.isConnected) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (!region.hasAttribute("tabindex")) region.setAttribute("tabindex", "-1");
  region.focus();
}

type RejectForm = { reason: string };

/** The reason is required, in the contract's words; a failure stays in the dialog with what was typed. */
export function RejectDocumentDialog({ doc, label, onOpenChange }: { doc: CompanyDocument | null; label: string; onOpenChange: (open: boolean) => void }) {
  const reject = useRejectDocument();
  const form = useForm<RejectForm>({ resolver: zodResolver(documentRejectSchema), defaultValues: { reason: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  const open = !!doc;

  useEffect(() => {
    if (open) {
      form.reset({ reason: "" });
      setFailure(null);
      reject.reset();
    }
    // a fresh form each time the dialog opens
  }, [open]);

  const submit = form.handleSubmit(async ({ reason }) => {
    if (!doc) return;
    setFailure(null);
    try {
      await reject.mutateAsync({ doc, reason, label });
      onOpenChange(false);
    } catch (e) {
      const msg = e instanceof ApiError ? e.serverMessage : undefined;
      // a 400 about the reason belongs under the field; anything else above the buttons
      if (msg === COMPANY_MSG.reasonRequired) form.setError("reason", { message: msg });
      else setFailure(msg ?? "The document could not be rejected. Check your connection and try again.");
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Reject ${label}`} description="The carrier sees this reason on their Company page and can upload a new document.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Reason" error={form.formState.errors.reason?.message} hint="For example: the policy number is not readable, or the cover is below £10,000.">
          <Textarea {...form.register("reason")} maxLength={500} rows={3} autoComplete="off" />
        </Field>
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" loading={reject.isPending}>
            Reject document
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
