// "Add your insurance now" on the register page's second step (registration accepts
// the two insurance documents as uploads; the new-user mailbox stays as an
// alternative). Right after a self-registration the applicant
// may upload the two insurances here, with the `applicant` cookie the registration
// set (2 hours); staff see them on approval, when they move to the company as
// documents waiting for review. Optional: the mailbox stays beside it.
import { useCallback, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, ShieldCheck } from "lucide-react";
import { ukDayKey } from "@contract/wall-clock";
import { DOCUMENT_KIND_LABELS, REGISTRATION_DOCUMENT_KINDS, REGISTRATION_MSG, type DocumentKind, type RegistrationDocument } from "@contract/schemas/company";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { errorMessage, formatMoney } from "../../../lib/format";
import { PaperworkUpload } from "../../../components/paperwork-upload";
import { REGISTRATION_UPLOAD_URL, useAddRegistrationDocument, useRegistrationDocuments } from "../api/registration-documents";
import { checkDocumentForm, documentFormSchema, type DocumentFormValues } from "../document-form";
import { formatDay } from "../document-rules";

type RegistrationKind = (typeof REGISTRATION_DOCUMENT_KINDS)[number];

/** `onSkip`: "Skip: I'll email them", offered until both are added (the mailbox is the alternative). */
export function RegistrationDocuments({ onSkip }: { onSkip?: () => void }) {
  const list = useRegistrationDocuments();
  const today = ukDayKey(Date.now());
  const ended = list.error instanceof ApiError && list.error.status === 401;
  const bothAdded = !!list.data && REGISTRATION_DOCUMENT_KINDS.every((kind) => latest(list.data, kind));

  return (
    <section aria-labelledby="registration-documents-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="registration-documents-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldCheck className="h-5 w-5 text-brand-800" aria-hidden="true" />
        Add your insurance now (optional)
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Upload your vehicle insurance and goods in transit insurance certificates here and our team can check them with your application. Or email them
        to us, as below.
      </p>
      {list.isLoading ? (
        <Spinner label="Loading..." className="py-6" />
      ) : ended ? (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {REGISTRATION_MSG.noApplicant}
        </p>
      ) : list.isError ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{errorMessage(list.error, "Your documents could not be loaded.")}</p>
          <Button variant="outline" className="mt-2" onClick={() => list.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="mt-4 grid gap-4">
          {REGISTRATION_DOCUMENT_KINDS.map((kind) => (
            <InsuranceCard key={kind} kind={kind} added={latest(list.data ?? [], kind)} today={today} />
          ))}
        </div>
      )}
      {onSkip && !bothAdded && (
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">Rather send them by email?</p>
          <Button variant="outline" className="w-full sm:w-auto" onClick={onSkip}>
            Skip: I&apos;ll email them
          </Button>
        </div>
      )}
    </section>
  );
}

function latest(docs: RegistrationDocument[], kind: DocumentKind): RegistrationDocument | undefined {
  return docs.filter((d) => d.kind === kind).sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0];
}

function InsuranceCard({ kind, added, today }: { kind: RegistrationKind; added: RegistrationDocument | undefined; today: string }) {
  const label = DOCUMENT_KIND_LABELS[kind];
  const [editing, setEditing] = useState(!added);
  const headingId = `registration-${kind}-heading`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4" data-testid="registration-document">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {label}
      </h3>
      {added && (
        <p className="mt-2 flex items-start gap-2 text-sm text-slate-800" role="status">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
          <span>
            Added: waiting for review, valid until {formatDay(added.expiresOn)}
            {added.coverAmount != null && <>, cover {formatMoney(added.coverAmount)}</>}.
          </span>
        </p>
      )}
      {editing ? (
        <InsuranceForm kind={kind} today={today} onDone={() => setEditing(false)} onCancel={added ? () => setEditing(false) : undefined} />
      ) : (
        <Button variant="outline" className="mt-3 w-full sm:w-auto" onClick={() => setEditing(true)}>
          Replace with a different file<span className="sr-only"> for {label}</span>
        </Button>
      )}
    </article>
  );
}

function InsuranceForm({ kind, today, onDone, onCancel }: { kind: RegistrationKind; today: string; onDone: () => void; onCancel?: () => void }) {
  const label = DOCUMENT_KIND_LABELS[kind];
  const add = useAddRegistrationDocument();
  const [busy, setBusy] = useState(false);
  const form = useForm<DocumentFormValues, unknown, DocumentFormValues>({
    resolver: zodResolver(documentFormSchema(today)),
    defaultValues: { kind, expiresOn: "", cover: "", forsLevel: "", objectPath: null },
  });
  const { errors } = form.formState;
  const { setValue, clearErrors } = form;
  const onFile = useCallback(
    (objectPath: string | null) => {
      setValue("objectPath", objectPath);
      if (objectPath) clearErrors("objectPath");
    },
    [setValue, clearErrors],
  );

  const submit = form.handleSubmit((values) => {
    const checked = checkDocumentForm(values, today);
    if (!("body" in checked)) return;
    add.mutate({ ...checked.body, kind }, {
      onSuccess: () => {
        toast.success(`${label} added`, "Our team will check it with your application.");
        onDone();
      },
      onError: (err) => {
        const details = err instanceof ApiError ? err.body?.details : undefined;
        if (Array.isArray(details))
          for (const d of details as { path?: string; message?: string }[]) {
            const field = d.path === "coverAmount" ? "cover" : d.path;
            if ((field === "expiresOn" || field === "cover" || field === "objectPath") && d.message) form.setError(field, { type: "server", message: d.message });
          }
        toast.error(`${label} not added`, errorMessage(err, "Please try again, or email it to us."));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-4" aria-label={label}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Expiry date" error={errors.expiresOn?.message} hint="The last day the certificate is valid">
          <Input type="date" min={today} {...form.register("expiresOn")} />
        </Field>
        <Field label="Cover amount (optional)" error={errors.cover?.message} hint="In pounds, e.g. 100,000">
          <Input inputMode="decimal" autoComplete="off" placeholder="£" {...form.register("cover")} />
        </Field>
      </div>
      <div>
        <PaperworkUpload
          onChange={onFile}
          onBusyChange={setBusy}
          ticketUrl={REGISTRATION_UPLOAD_URL}
          disabled={add.isPending}
          labels={{
            legend: `${label} certificate`,
            hint: "One PDF, JPG or PNG file, up to 10 MB. On a phone, take a photo of it or choose a file.",
            camera: `Take a photo of your ${label.toLowerCase()} certificate`,
            choose: `Choose your ${label.toLowerCase()} certificate file`,
          }}
        />
        {errors.objectPath?.message && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errors.objectPath.message}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={add.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={add.isPending} disabled={busy}>
          {busy ? "Waiting for the file…" : `Add ${label.toLowerCase()}`}
        </Button>
      </div>
    </form>
  );
}
