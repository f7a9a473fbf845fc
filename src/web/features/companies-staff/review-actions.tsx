// Verify and Reject for a document waiting for review (contract: POST
// /api/documents/{id}/verify, /reject {reason}; staff). Reject asks for the reason
// in a dialog: the carrier reads it on their Company page to know what to fix.
// Verifying a FORS certificate asks staff to confirm the level printed on it (the
// carrier's choice at upload preselected): that level is what loads needing FORS count.
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, X } from "lucide-react";
import {
  CERTIFICATE_FORS_LEVELS,
  COMPANY_MSG,
  documentKindLabel,
  documentRejectSchema,
  type CertificateForsLevel,
  type CompanyDocument,
} from "@contract/schemas/company";
import { ApiError } from "../../lib/api";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { useRejectDocument, useVerifyDocument } from "./api";

/** "Vehicle insurance, Smith Haulage Ltd" or "FORS certificate (Silver), …": what a button, toast or dialog is about. */
export const documentLabel = (doc: Pick<CompanyDocument, "kind" | "forsLevel">, companyName?: string) =>
  companyName ? `${documentKindLabel(doc)}, ${companyName}` : documentKindLabel(doc);

/**
 * Verify (at once) and Reject (asks for the reason: `onReject` opens the table's one
 * RejectDocumentDialog, which outlives the row). The row leaves its list once
 * reviewed; focus then goes to the table rather than the page's start.
 */
export function ReviewActions({ doc, label, onReject, compact = false }: { doc: CompanyDocument; label: string; onReject: () => void; compact?: boolean }) {
  const verify = useVerifyDocument();
  const [askLevel, setAskLevel] = useState(false);
  // desk tables keep a 32 px row; a phone gets 44 px targets (ui.md)
  const size = compact ? "h-11 sm:h-8" : "h-11 sm:h-9";
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap">
      {doc.kind === "fors_certificate" && <VerifyForsDialog doc={doc} label={label} open={askLevel} onOpenChange={setAskLevel} />}
      <Button
        variant="success"
        size="sm"
        className={size}
        aria-label={`Verify ${label}`}
        loading={verify.isPending}
        onClick={(e) => {
          if (doc.kind === "fors_certificate") return setAskLevel(true);
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

/**
 * The level printed on a FORS certificate, confirmed or corrected before it is
 * verified; the uploaded level is preselected, and one with none must be chosen.
 */
function VerifyForsDialog({ doc, label, open, onOpenChange }: { doc: CompanyDocument; label: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const verify = useVerifyDocument();
  const [level, setLevel] = useState<CertificateForsLevel | "">(doc.forsLevel ?? "");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setLevel(doc.forsLevel ?? "");
      setError(null);
    }
    // a fresh choice each time the dialog opens
  }, [open]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!level) return setError(COMPANY_MSG.certificateForsLevel);
    verify.mutate(
      { doc, label, forsLevel: level },
      {
        onSuccess: () => onOpenChange(false),
        onError: (err) => setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : "The certificate could not be verified. Check your connection and try again."),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !verify.isPending && onOpenChange(o)}
      title={`Verify ${label}`}
      description="Check the level printed on the certificate. Loads that need FORS count the level you verify for this company."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          {doc.forsLevel ? `The carrier gave FORS ${doc.forsLevel} when uploading it.` : "The carrier gave no level: choose the one on the certificate."}{" "}
          <a href={doc.objectPath} target="_blank" rel="noopener" className="font-medium text-brand-700 underline underline-offset-2">
            View the certificate<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        <Field label="FORS level on the certificate" error={error ?? undefined}>
          <select
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600"
            value={level}
            onChange={(e) => {
              setLevel(e.target.value as CertificateForsLevel | "");
              setError(null);
            }}
          >
            <option value="">Choose the level</option>
            {CERTIFICATE_FORS_LEVELS.map((l) => (
              <option key={l} value={l}>
                FORS {l}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={verify.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="success" loading={verify.isPending}>
            {level ? `Verify as FORS ${level}` : "Verify"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
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
