// What the Complete POD dialog shows while a POD is on its way: the
// upload's progress, and a POD kept on the phone until there is signal (or
// refused by the server, with its reason).
import { CheckCircle2, CloudOff, Pause, XCircle } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { UPLOAD_RETRY_DELAYS_MS } from "@contract/constants";
import { SAVED_OFFLINE } from "../offline/background";
import type { QueuedPod } from "../offline/outbox";
import { sizeText } from "../paperwork/pod-pages";

export function SendingPanel({ progress, attempt, hasFile, onPause }: { progress: number; attempt: number; hasFile: boolean; onPause: () => void }) {
  const pct = Math.round(progress * 100);
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {!hasFile ? "Sending…" : attempt > 1 ? `Retrying (attempt ${attempt} of ${UPLOAD_RETRY_DELAYS_MS.length + 1})… ${pct}%` : `Uploading… ${pct}%`}
        </p>
        {hasFile && pct < 100 && (
          <Button variant="outline" size="sm" onClick={onPause}>
            <Pause className="h-4 w-4" aria-hidden="true" />
            Pause
          </Button>
        )}
      </div>
      {hasFile && (
        <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${pct}%` }} />
        </div>
      )}
    </div>
  );
}

/** how much of a resumable upload the server already holds: the resume sends only the rest */
const sentText = (pod: QueuedPod) => {
  const offset = pod.upload?.offset ?? 0;
  if (!pod.file || pod.objectPath || offset <= 0 || offset >= pod.file.size) return "";
  return ` (${Math.floor((offset / pod.file.size) * 100)}% sent)`;
};

const time = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

export function QueuedPanel({ pod, paused }: { pod: QueuedPod; paused?: boolean }) {
  const refused = pod.state === "refused";
  return (
    <div className="space-y-4">
      <div
        role="status"
        className={refused ? "flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900" : "flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"}
      >
        {refused ? <XCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" /> : <CloudOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />}
        <div className="space-y-1">
          <p className="font-semibold">{refused ? "POD not sent" : paused ? "Paused — saved on this phone" : pod.reason ? "Saved on this phone — not sent yet" : SAVED_OFFLINE}</p>
          <p className="text-sm">
            {refused
              ? pod.reason
              : paused
                ? "Send now continues the upload from where it stopped; it is also sent by itself when the phone next comes online or the app opens."
              : (pod.reason ?? `The board shows Load #${pod.loadNumber} as "POD waiting to send" until the office has it. You can close this and carry on.`)}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Pickup signed by</dt>
        <dd className="font-medium text-slate-900">{pod.fields.pickupSignedBy}</dd>
        <dt className="text-slate-600">Delivery signed by</dt>
        <dd className="font-medium text-slate-900">{pod.fields.deliverySignedBy}</dd>
        <dt className="text-slate-600">Paperwork</dt>
        <dd className="font-medium text-slate-900">{pod.file ? `${pod.file.name}, ${sizeText(pod.file.size)}${sentText(pod)}` : "None"}</dd>
        <dt className="text-slate-600">Saved</dt>
        <dd className="font-medium text-slate-900">at {time(pod.queuedAt)}</dd>
      </dl>
      {!refused && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <CheckCircle2 className="h-4 w-4 text-emerald-700" aria-hidden="true" />
          It is sent once, even if you press Send now more than once.
        </p>
      )}
    </div>
  );
}
