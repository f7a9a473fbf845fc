// Complete POD dialog: pickup section, delivery section, signed paperwork
// upload; PUT /api/loads/{id}/pod, its response read for the two signatories
// (both signed completes the load, and the toast says so); the POD messages.
// The form is saved on the phone as the driver types (drafts.ts);
// Submit puts the POD and its paperwork (photos combined into one PDF) in the
// outbox first and then sends it; with no signal it stays there, "Saved on this
// phone — will send when you have signal", and goes when the connection is back.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useForm, type UseFormRegister, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, MapPin, Flag } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { useAuth } from "../../../lib/use-auth";
import { touchedByPod } from "../api";
import { fromLocalInput, toLocalInput } from "../lib/pod-dates";
import { podFormSchema, podFormValues, type PodFormValues } from "../lib/pod-form";
import { podRefusalMessage } from "../lib/pod-errors";
import { deleteDraft, loadDraft, saveDraft } from "../offline/drafts";
import { listQueued, newPodKey, OUTBOX_CHANNEL, putQueued, removeQueued, type OutboxMessage, type QueuedPod } from "../offline/outbox";
import { sendQueued } from "../offline/send";
import { requestBackgroundSend, SAVED_OFFLINE } from "../offline/background";
import { PodPages, type PodPaperwork } from "../paperwork/pod-pages";
import { QueuedPanel, SendingPanel } from "./pod-send-state";

export { podRefusalMessage as podErrorMessage } from "../lib/pod-errors";

export interface CompletePodDialogProps {
  load: Load;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type PodForm = PodFormValues;
const FIELDS = ["pickupSignedBy", "pickupSignedDate", "deliverySignedBy", "deliverySignedDate"] as const;

export const POD_COMPLETED_TOAST = "POD completed successfully. Load status changed to 'Completed'.";
const NO_PAPERWORK: PodPaperwork = { pages: [], document: null };

// the signing times open as now where the load has none (editable)
const valuesFrom = (load: Load): PodForm => podFormValues(load, new Date());

type Phase = { kind: "form" } | { kind: "sending"; pod: QueuedPod; progress: number; attempt: number } | { kind: "queued"; pod: QueuedPod; paused?: boolean };

/** The paperwork as one file: the chosen PDF, or the pages combined into one (pdf-lib, loaded now). */
async function paperworkFile(p: PodPaperwork, loadNumber: string): Promise<File | null> {
  if (p.document) return p.document;
  if (p.pages.length === 0) return null;
  const { pagesToPdf } = await import("../paperwork/build-pdf");
  const bytes = await pagesToPdf(p.pages, `POD ${loadNumber}`);
  return new File([bytes as BlobPart], `POD-${loadNumber.replace(/[^A-Za-z0-9._-]/g, "")}.pdf`, { type: "application/pdf" });
}

export function CompletePodDialog({ load, open, onOpenChange }: CompletePodDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? "";
  const [paperwork, setPaperwork] = useState<PodPaperwork>(NO_PAPERWORK);
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const { register, handleSubmit, reset, setError, watch, getValues, formState: { errors } } = useForm<PodForm>({
    resolver: zodResolver(podFormSchema),
    defaultValues: valuesFrom(load),
  });

  // A fresh form each time the dialog opens (a poll must not wipe what is being typed),
  // then what this phone holds for the load: a POD waiting to send, one the server
  // refused (shown with its reason, the form filled from it), or a draft.
  const restored = useRef(false);
  useEffect(() => {
    if (!open) return;
    restored.current = false;
    reset(valuesFrom(load));
    setPaperwork(NO_PAPERWORK);
    setPhase({ kind: "form" });
    setProblem(null);
    let live = true;
    void (async () => {
      try {
        const mine = (await listQueued()).filter((p) => p.loadId === load.id && p.userId === userId);
        const waiting = mine.find((p) => p.state === "waiting");
        const refused = mine.find((p) => p.state === "refused");
        if (!live) return;
        if (waiting) setPhase({ kind: "queued", pod: waiting });
        else if (refused) {
          reset({
            pickupSignedBy: refused.fields.pickupSignedBy,
            pickupSignedDate: toLocalInput(refused.fields.pickupSignedDate),
            deliverySignedBy: refused.fields.deliverySignedBy,
            deliverySignedDate: toLocalInput(refused.fields.deliverySignedDate),
          });
          setPaperwork({ pages: [], document: refused.file });
          setProblem(`Not sent: ${refused.reason ?? ""}`);
        } else {
          const draft = userId ? await loadDraft(userId, load.id) : undefined;
          if (live && draft) {
            reset(draft.values);
            setPaperwork({ pages: draft.pages, document: draft.document });
          }
        }
      } catch {
        // no IndexedDB (private mode on some browsers): the form still works online
      } finally {
        restored.current = true;
      }
    })();
    return () => {
      live = false;
    };
  }, [open, load.id, reset, userId]);

  // saved as the driver types (and as pages are added): a lost signal or a closed tab loses nothing
  const save = useCallback(
    (p: PodPaperwork) => {
      if (!restored.current || !userId) return;
      void saveDraft(userId, load.id, { values: getValues(), pages: p.pages, document: p.document, savedAt: new Date().toISOString() }).catch(() => {});
    },
    [getValues, load.id, userId],
  );
  const latest = useRef(paperwork);
  latest.current = paperwork;
  useEffect(() => {
    if (!open) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const sub = watch(() => {
      clearTimeout(t);
      t = setTimeout(() => save(latest.current), 300);
    });
    return () => {
      clearTimeout(t);
      sub.unsubscribe();
    };
  }, [open, watch, save]);
  const onPaperwork = (p: PodPaperwork) => {
    setPaperwork(p);
    save(p);
  };

  const finishSent = (saved: Load) => {
    void queryClient.invalidateQueries({ predicate: touchedByPod });
    // the response's two signatories decide the message
    if (saved.pickupSignedBy && saved.deliverySignedBy) toast.success(POD_COMPLETED_TOAST);
    else toast.success("POD information saved");
    onOpenChange(false);
  };

  // Pause stops the upload; the POD stays in the outbox and Send now (or the next signal) starts it again
  const pause = useRef<AbortController | null>(null);
  useEffect(() => () => pause.current?.abort(), []);
  const send = async (pod: QueuedPod, interactive: boolean) => {
    setPhase({ kind: "sending", pod, progress: 0, attempt: 1 });
    const controller = new AbortController();
    pause.current = controller;
    let r;
    try {
      r = await sendQueued(pod.id, {
        signal: controller.signal,
        onProgress: (progress) => setPhase((s) => (s.kind === "sending" ? { ...s, progress } : s)),
        onRetry: (attempt) => setPhase((s) => (s.kind === "sending" ? { ...s, progress: 0, attempt: attempt + 1 } : s)),
      });
    } catch (e) {
      if ((e as Error).name !== "AbortError") throw e;
      const now = (await listQueued()).find((p) => p.id === pod.id) ?? pod;
      return setPhase({ kind: "queued", pod: now, paused: true });
    } finally {
      if (pause.current === controller) pause.current = null;
    }
    if (r.kind === "sent") return finishSent(r.load);
    if (r.kind === "gone") return onOpenChange(false);
    if (r.kind === "refused" && interactive) {
      // the driver is here to put it right: back to the form, nothing left queued
      await removeQueued(pod.id);
      const message = podRefusalMessage(r.error, (path, msg) => {
        if ((FIELDS as readonly string[]).includes(path)) setError(path as keyof PodForm, { message: msg });
      });
      setProblem(r.reason || message);
      toast.error(r.reason || message);
      return setPhase({ kind: "form" });
    }
    const now = (await listQueued()).find((p) => p.id === pod.id) ?? pod;
    setPhase({ kind: "queued", pod: now });
    if (r.kind === "waiting") {
      toast.info(r.reason ? `Saved on this phone — not sent yet: ${r.reason}` : SAVED_OFFLINE);
      void requestBackgroundSend();
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setPreparing(true);
    let pod: QueuedPod;
    try {
      const file = await paperworkFile(paperwork, load.loadNumber);
      pod = {
        id: newPodKey(),
        userId,
        loadId: load.id,
        loadNumber: load.loadNumber,
        fields: {
          pickupSignedBy: values.pickupSignedBy.trim(),
          pickupSignedDate: fromLocalInput(values.pickupSignedDate),
          deliverySignedBy: values.deliverySignedBy.trim(),
          deliverySignedDate: fromLocalInput(values.deliverySignedDate),
        },
        file,
        objectPath: null,
        state: "waiting",
        reason: null,
        queuedAt: new Date().toISOString(),
        attempts: 0,
      };
      // a refused one of this load is replaced by this new try
      for (const old of await listQueued()) if (old.loadId === load.id && old.userId === userId) await removeQueued(old.id);
      await putQueued(pod);
      await deleteDraft(userId, load.id);
    } catch (e) {
      setProblem((e as Error).message || "This POD could not be saved on this phone.");
      return;
    } finally {
      setPreparing(false);
    }
    if (!navigator.onLine) {
      setPhase({ kind: "queued", pod });
      toast.info(SAVED_OFFLINE);
      void requestBackgroundSend();
      return;
    }
    await send(pod, true);
  });

  // sent or refused in the background (the online event, Background Sync) while this shows it waiting
  const queuedId = phase.kind === "queued" ? phase.pod.id : null;
  useEffect(() => {
    if (!queuedId || typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(OUTBOX_CHANNEL);
    ch.onmessage = (e: MessageEvent<OutboxMessage>) => {
      if (e.data.type === "changed") return;
      if (e.data.loadId !== load.id) return;
      if (e.data.type === "sent") onOpenChange(false);
      else void listQueued().then((all) => {
        const now = all.find((p) => p.id === queuedId);
        if (now) setPhase({ kind: "queued", pod: now });
      });
    };
    return () => ch.close();
  }, [queuedId, load.id, onOpenChange]);

  const sending = phase.kind === "sending";
  const footer =
    phase.kind === "queued" ? (
      <>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
        {phase.pod.state === "waiting" && (
          <Button onClick={() => void send(phase.pod, false)} disabled={!navigator.onLine}>
            Send now
          </Button>
        )}
      </>
    ) : (
      <>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={sending || preparing}>
          Submit POD
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
      {phase.kind === "queued" ? (
        <QueuedPanel pod={phase.pod} paused={phase.paused} />
      ) : (
        <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5">
          {problem && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <SignatorySection kind="pickup" title="Pickup" icon={<MapPin className="h-4 w-4 text-brand-700" aria-hidden="true" />} register={register} errors={errors} disabled={sending} />
            <SignatorySection kind="delivery" title="Delivery" icon={<Flag className="h-4 w-4 text-brand-700" aria-hidden="true" />} register={register} errors={errors} disabled={sending} />
          </div>
          <PodPages value={paperwork} onChange={onPaperwork} existingUrl={load.signedPaperworkUrl} disabled={sending || preparing} />
          {phase.kind === "sending" && <SendingPanel progress={phase.progress} attempt={phase.attempt} hasFile={!!phase.pod.file} onPause={() => pause.current?.abort()} />}
        </form>
      )}
    </Dialog>
  );
}

function SignatorySection({
  kind,
  title,
  icon,
  register,
  errors,
  disabled,
}: {
  kind: "pickup" | "delivery";
  title: string;
  icon: ReactNode;
  register: UseFormRegister<PodForm>;
  errors: FieldErrors<PodForm>;
  disabled?: boolean;
}) {
  const by = `${kind}SignedBy` as const;
  const date = `${kind}SignedDate` as const;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4" disabled={disabled}>
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
