// "Upload document" on the Company page:
// the kind, the expiry day, the cover for insurance or the level of a FORS
// certificate (what loads needing FORS count, once staff verify it), and the file, which goes up
// at once through the existing upload path with its progress bar (POST
// /api/objects/upload, then PUT; web/lib/upload.ts) and is then posted as the
// document. On a phone the carrier may take a photo or choose a file, never only
// the camera. Focus starts on the first field and goes back to the opener
// (ui/dialog-focus.ts, through Dialog).
import { useCallback, useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CERTIFICATE_FORS_LEVELS, DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, documentKindLabel, type DocumentKind } from "@contract/schemas/company";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { errorMessage } from "../../../lib/format";
import { PaperworkUpload } from "../../../components/paperwork-upload";
import { useAddDocument } from "../api/documents";
import { checkDocumentForm, documentFormSchema, type DocumentFormValues } from "../document-form";
import { takesCover } from "../document-rules";

const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

const FILE_LABELS = {
  legend: "The document",
  hint: "One PDF, JPG or PNG file, up to 10 MB: the certificate or schedule showing the company name, cover and expiry date. On a phone, take a photo of it or choose a file.",
  camera: "Take a photo of the document",
  choose: "Choose the document file",
};

export interface DocumentUploadDialogProps {
  companyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the kind the dialog starts on (the first missing insurance, or the row's "Upload a new copy") */
  initialKind: DocumentKind;
  /** today's UK date, YYYY-MM-DD: the earliest expiry accepted */
  today: string;
}

export function DocumentUploadDialog({ companyId, open, onOpenChange, initialKind, today }: DocumentUploadDialogProps) {
  const add = useAddDocument(companyId);
  const [busy, setBusy] = useState(false);
  // a new file input each time the dialog opens: nothing of the last upload is shown again
  const [round, setRound] = useState(0);
  const empty: DocumentFormValues = { kind: initialKind, expiresOn: "", cover: "", forsLevel: "", objectPath: null };
  const form = useForm<DocumentFormValues, unknown, DocumentFormValues>({ resolver: zodResolver(documentFormSchema(today)), defaultValues: empty });
  const { errors } = form.formState;
  const { reset, setValue, clearErrors } = form;
  const kind = form.watch("kind");

  useEffect(() => {
    if (!open) return;
    reset({ kind: initialKind, expiresOn: "", cover: "", forsLevel: "", objectPath: null });
    setRound((r) => r + 1);
    add.reset();
    // only when the dialog opens: a poll or a re-render must not wipe what is being typed
  }, [open]);

  const onFile = useCallback(
    (objectPath: string | null) => {
      setValue("objectPath", objectPath, { shouldDirty: true });
      if (objectPath) clearErrors("objectPath");
    },
    [setValue, clearErrors],
  );

  const submit = form.handleSubmit((values) => {
    // the resolver ran the same checks: this only turns the values into the contract's body
    const checked = checkDocumentForm(values, today);
    if (!("body" in checked)) return;
    add.mutate(checked.body, {
      onSuccess: () => {
        toast.success("Document uploaded", `${documentKindLabel(checked.body)}: staff will check it and you will see the result here.`);
        onOpenChange(false);
      },
      onError: (err) => {
        const details = err instanceof ApiError ? err.body?.details : undefined;
        if (Array.isArray(details))
          for (const d of details as { path?: string; message?: string }[]) {
            const field = d.path === "coverAmount" ? "cover" : d.path;
            if ((field === "kind" || field === "expiresOn" || field === "cover" || field === "forsLevel" || field === "objectPath") && d.message)
              form.setError(field, { type: "server", message: d.message });
          }
        toast.error("Document not saved", errorMessage(err, "Please try again."));
      },
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !add.isPending && onOpenChange(o)}
      title="Upload document"
      description="Staff check every document before it counts. You will see its status on this page."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="document-upload-form" loading={add.isPending} disabled={busy}>
            {busy ? "Waiting for the file…" : "Save document"}
          </Button>
        </>
      }
    >
      <form id="document-upload-form" onSubmit={submit} noValidate className="space-y-4">
        <Field label="Kind of document" error={errors.kind?.message}>
          <select className={selectClass} {...form.register("kind")}>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Expiry date" error={errors.expiresOn?.message} hint="The last day the document is valid">
            <Input type="date" min={today} {...form.register("expiresOn")} />
          </Field>
          {takesCover(kind) && (
            <Field label="Cover amount (optional)" error={errors.cover?.message} hint="In pounds, e.g. 100,000">
              <Input inputMode="decimal" autoComplete="off" placeholder="£" {...form.register("cover")} />
            </Field>
          )}
          {kind === "fors_certificate" && (
            <Field label="FORS level" error={errors.forsLevel?.message} hint="As shown on the certificate">
              <select className={selectClass} {...form.register("forsLevel")}>
                <option value="">Choose the level</option>
                {CERTIFICATE_FORS_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
        <Controller
          control={form.control}
          name="objectPath"
          render={() => (
            <div>
              <PaperworkUpload key={round} onChange={onFile} onBusyChange={setBusy} labels={FILE_LABELS} disabled={add.isPending} />
              {errors.objectPath?.message && (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {errors.objectPath.message}
                </p>
              )}
            </div>
          )}
        />
      </form>
    </Dialog>
  );
}
