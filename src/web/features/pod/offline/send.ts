// Sending a queued POD (PUT /api/loads/{id}/pod,
// POST /api/objects/upload; docs/decisions/0006-idempotency.md). The page (on Submit,
// on the `online` event, on app open) and the service worker (Background Sync)
// all call flushOutbox/sendQueued; a Web Lock makes them take turns, and each
// re-reads the entry inside the lock, so of two senders only one does the work.
// The PUT carries the entry's Idempotency-Key: if an earlier try reached the
// server but its answer was lost, the retry gets that first answer and nothing
// runs twice. The upload's objectPath is saved before the PUT, so a retry sends
// the same body (a different one with the same key would be refused with 422).
import type { Load } from "@contract/schemas/load";
import { apiRequest, ApiError } from "../../../lib/api";
import { refusesFile, UploadError } from "../../../lib/upload";
import { uploadResumable, type ResumableOptions } from "../lib/resumable-upload";
import { podRefusalMessage } from "../lib/pod-errors";
import { announce, getQueued, listQueued, listQueuedRequests, putQueued, removeQueued, type QueuedPod } from "./outbox";
import { sendRequestLocked } from "./send-request";

export const SIGN_IN_TO_SEND = "Sign in to send it.";
const IN_PROGRESS = "A request with this Idempotency-Key is in progress";

export type SendResult =
  | { kind: "sent"; load: Load }
  /** the server said no: kept with the reason until the driver discards it */
  | { kind: "refused"; reason: string; error: unknown }
  /** not now (no signal, server busy, signed out): tried again later */
  | { kind: "waiting"; reason: string | null }
  /** another sender (tab, service worker) got there first */
  | { kind: "gone" };

export interface SendOptions {
  onProgress?: (fraction: number) => void;
  onRetry?: ResumableOptions["onRetry"];
  /** Pause: the upload stops, its ticket and offset stay in the entry for the resume */
  signal?: AbortSignal;
  /** upload retry delays (default the spec's 0, 1, 3, 5 s) */
  delays?: readonly number[];
}

type Locks = { request: (name: string, cb: () => Promise<unknown>) => Promise<unknown> };
/** One sender at a time across every tab and the service worker (Web Locks where there are any). */
async function exclusively<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
  if (!locks) return fn();
  return (await locks.request("pod-outbox", fn)) as T;
}

/** Not worth keeping the POD back for: the server may say yes later. */
const notNow = (status: number) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

/** Who is signed in here now (null: signed out; undefined: cannot tell, e.g. no signal). */
async function currentUserId(): Promise<string | null | undefined> {
  try {
    const res = await fetch("/api/auth/user", { credentials: "include", cache: "no-store" });
    if (res.status === 401) return null;
    if (!res.ok) return undefined;
    return ((await res.json()) as { id?: string }).id ?? null;
  } catch {
    return undefined;
  }
}

async function keepWaiting(pod: QueuedPod, reason: string | null): Promise<SendResult> {
  await putQueued({ ...pod, state: "waiting", reason, attempts: pod.attempts + 1 });
  return { kind: "waiting", reason };
}

async function refuse(pod: QueuedPod, reason: string, error: unknown): Promise<SendResult> {
  await putQueued({ ...pod, state: "refused", reason, attempts: pod.attempts + 1 });
  announce({ type: "refused", loadId: pod.loadId, loadNumber: pod.loadNumber, reason });
  return { kind: "refused", reason, error };
}

async function sendLocked(id: string, opts: SendOptions, userId: string | null | undefined): Promise<SendResult> {
  let pod = await getQueued(id);
  if (!pod) return { kind: "gone" };
  if (pod.state === "refused") return { kind: "refused", reason: pod.reason ?? "", error: null };
  if (userId === undefined) return { kind: "waiting", reason: null };
  if (userId === null || userId !== pod.userId) return keepWaiting(pod, SIGN_IN_TO_SEND);

  if (pod.file && !pod.objectPath) {
    try {
      // in chunks, from where the server stands: the ticket and offset are saved in the entry as it goes
      const objectPath = await uploadResumable(pod.file, {
        ticket: pod.upload ?? null,
        saveTicket: async (upload) => {
          pod = { ...pod!, upload };
          await putQueued(pod, { quiet: true });
        },
        onProgress: opts.onProgress ?? (() => {}),
        onRetry: opts.onRetry,
        signal: opts.signal,
        delays: opts.delays,
      });
      pod = { ...pod, objectPath, upload: null };
      await putQueued(pod);
    } catch (e) {
      if ((e as Error).name === "AbortError") throw e;
      // the file itself was refused (wrong type, too large): final
      if (refusesFile(e)) return refuse(pod, (e as UploadError).message, e);
      const status = e instanceof UploadError ? e.status : 0;
      if (notNow(status)) return keepWaiting(pod, status === 0 ? null : (e as Error).message);
      return refuse(pod, (e as Error).message, e);
    }
  }

  try {
    const load = await apiRequest<Load>("PUT", `/api/loads/${encodeURIComponent(pod.loadId)}/pod`, { ...pod.fields, ...(pod.objectPath ? { signedPaperworkUrl: pod.objectPath } : {}) }, { idempotencyKey: pod.id });
    await removeQueued(pod.id);
    announce({ type: "sent", loadId: pod.loadId, loadNumber: pod.loadNumber });
    return { kind: "sent", load };
  } catch (e) {
    if (!(e instanceof ApiError)) return keepWaiting(pod, null); // no connection
    if (e.status === 401) return keepWaiting(pod, SIGN_IN_TO_SEND);
    if (notNow(e.status) || e.serverMessage === IN_PROGRESS) return keepWaiting(pod, null);
    return refuse(pod, podRefusalMessage(e), e);
  }
}

/** Send one queued POD now (the dialog's Submit): upload its file if not yet, then the PUT. */
export async function sendQueued(id: string, opts: SendOptions = {}): Promise<SendResult> {
  return exclusively(async () => sendLocked(id, opts, await currentUserId()));
}

/**
 * Send every waiting POD of the signed-in driver, oldest first. Stops at the
 * first one that must wait for the connection. `{ waiting }` tells Background
 * Sync whether to try again later.
 */
export async function flushOutbox(opts: SendOptions = {}): Promise<{ sent: number; refused: number; waiting: number }> {
  return exclusively(async () => {
    const out = { sent: 0, refused: 0, waiting: 0 };
    const queued = (await listQueued()).filter((p) => p.state === "waiting");
    const requests = (await listQueuedRequests()).filter((r) => r.state === "waiting");
    if (queued.length === 0 && requests.length === 0) return out;
    const userId = await currentUserId();
    const count = (r: { kind: string; reason?: string | null }) => {
      if (r.kind === "sent") out.sent++;
      else if (r.kind === "refused") out.refused++;
      else if (r.kind === "waiting") {
        out.waiting++;
        if (r.reason === null) return "stop"; // no signal: the rest would fail the same way
      }
      return "go";
    };
    // the small requests first (a stop's time), then the PODs with their files
    for (const req of requests) if (count(await sendRequestLocked(req.id, userId)) === "stop") return { ...out, waiting: out.waiting + queued.length };
    for (const pod of queued) if (count(await sendLocked(pod.id, opts, userId)) === "stop") break;
    return out;
  });
}
