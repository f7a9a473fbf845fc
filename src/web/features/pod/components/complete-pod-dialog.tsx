// Complete POD dialog (spec §2: pickup section, delivery section, signed
// paperwork upload; §4 auto-completion toast; §5 POD form; §7 PUT
// /api/loads/{id}/pod, response read for the two signatories; §8 POD messages).
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { useForm, type UseFormRegister, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, MapPin, Flag } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { useCompletePod } from "../api";
import { fromLocalInput, toLocalInput } from "../lib/pod-dates";
import { podFormSchema } from "../lib/pod-form";
import { PaperworkUpload } from "./paperwork-upload";
import { UPLOAD_MESSAGES } from "../lib/upload";

export interface CompletePodDialogProps {
  load: Load;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type PodForm = {
  pickupSignedBy: string;
  pickupSignedDate: string;
  deliverySignedBy: string;
  deliverySignedDate: string;
};
const FIELDS = ["pickupSignedBy", "pickupSignedDate", "deliverySignedBy", "deliverySignedDate"] as const;

export const POD_COMPLETED_TOAST = "POD completed successfully. Load status changed to 'Completed'.";
const POD_FAILED = "Failed to update POD information. Please try again.";

const valuesFrom = (load: Load): PodForm => ({
  pickupSignedBy: load.pickupSignedBy ?? "",
  pickupSignedDate: toLocalInput(load.pickupSignedDate),
  deliverySignedBy: load.deliverySignedBy ?? "",
  deliverySignedDate: toLocalInput(load.deliverySignedDate),
});

export function CompletePodDialog({ load, open, onOpenChange }: CompletePodDialogProps) {
  const formId = useId();
  const save = useCompletePod(load.id);
  const [objectPath, setObjectPath] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PodForm>({ resolver: zodResolver(podFormSchema), defaultValues: valuesFrom(load) });

  // a fresh form each time the dialog opens (a poll must not wipe what is being typed)
  useEffect(() => {
    if (!open) return;
    reset(valuesFrom(load));
    setObjectPath(null);
    setUploading(false);
  }, [open, load.id, reset]);

  const onUploadChange = useCallback((p: string | null) => setObjectPath(p), []);
  const onBusyChange = useCallback((b: boolean) => setUploading(b), []);

  const onSubmit = handleSubmit(async (values) => {
    if (!navigator.onLine) {
      toast.error(UPLOAD_MESSAGES.offline);
      return;
    }
    try {
      const saved = await save.mutateAsync({
        pickupSignedBy: values.pickupSignedBy.trim(),
        pickupSignedDate: fromLocalInput(values.pickupSignedDate),
        deliverySignedBy: values.deliverySignedBy.trim(),
        deliverySignedDate: fromLocalInput(values.deliverySignedDate),
        ...(objectPath ? { signedPaperworkUrl: objectPath } : {}),
      });
      // spec §4/§7: the response's two signatories decide the message
      if (saved.pickupSignedBy && saved.deliverySignedBy) toast.success(POD_COMPLETED_TOAST);
      else toast.success("POD information saved");
      onOpenChange(false);
    } catch (err) {
      toast.error(
        podErrorMessage(err, (path, message) => {
          if ((FIELDS as readonly string[]).includes(path)) setError(path as keyof PodForm, { message });
        }),
      );
    }
  });

  const footer = (
    <>
      <Button variant="outline" onClick={() => onOpenChange(false)}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={save.isPending} disabled={uploading}>
        {uploading ? "Waiting for upload…" : "Submit POD"}
      </Button>
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Complete POD - Load #${load.loadNumber}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-1">
          {load.pickupCity}
          <ArrowRight className="h-3.5 w-3.5" aria-label="to" />
          {load.deliveryCity}
          {load.mandataNumber ? <span>· PO {load.mandataNumber}</span> : null}
        </span>
      }
      className="sm:max-w-2xl!"
      footer={footer}
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <SignatorySection
            kind="pickup"
            title="Pickup"
            icon={<MapPin className="h-4 w-4 text-brand-700" aria-hidden="true" />}
            register={register}
            errors={errors}
          />
          <SignatorySection
            kind="delivery"
            title="Delivery"
            icon={<Flag className="h-4 w-4 text-brand-700" aria-hidden="true" />}
            register={register}
            errors={errors}
          />
        </div>
        <PaperworkUpload onChange={onUploadChange} onBusyChange={onBusyChange} existingUrl={load.signedPaperworkUrl} disabled={save.isPending} />
      </form>
    </Dialog>
  );
}

function SignatorySection({
  kind,
  title,
  icon,
  register,
  errors,
}: {
  kind: "pickup" | "delivery";
  title: string;
  icon: ReactNode;
  register: UseFormRegister<PodForm>;
  errors: FieldErrors<PodForm>;
}) {
  const by = `${kind}SignedBy` as const;
  const date = `${kind}SignedDate` as const;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="flex items-center gap-1.5 px-1 text-base font-semibold text-slate-900">
        {icon}
        {title}
      </legend>
      <Field label="Signed by" error={errors[by]?.message}>
        <Input {...register(by)} autoComplete="off" placeholder="Full name" maxLength={200} />
      </Field>
      <Field label="Date and time signed" error={errors[date]?.message}>
        <Input {...register(date)} type="datetime-local" />
      </Field>
    </fieldset>
  );
}

/**
 * spec §8 POD save: the server's message, or "Validation error: {details}", or
 * the generic message. Field details are also shown under their fields.
 */
export function podErrorMessage(err: unknown, onField?: (path: string, message: string) => void): string {
  if (err instanceof ApiError) {
    const details = err.body?.details;
    if (err.status === 400 && Array.isArray(details) && details.length > 0) {
      const list = details as { path?: string; message?: string }[];
      for (const d of list) if (d.path && d.message) onField?.(d.path, d.message);
      return `Validation error: ${list.map((d) => d.message).filter(Boolean).join(", ")}`;
    }
    if (err.serverMessage) return err.serverMessage;
  }
  return POD_FAILED;
}
