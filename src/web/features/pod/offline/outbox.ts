// The POD outbox: a POD the driver submitted with no
// signal waits here, in IndexedDB, with its paperwork file and the
// Idempotency-Key it will be sent with, until the server confirms it (then it
// is removed) or refuses it (then it stays, with the reason, until the driver
// discards it: never silently dropped). Used by the page and by the service
// worker (sw.ts, Background Sync), so nothing here may touch the DOM or React.
import { createStore, del, get, set, values, type UseStore } from "idb-keyval";
import type { UploadTicket } from "../lib/resumable-upload";
import { notePodsQueued } from "./outbox-flag";

export interface PodFields {
  pickupSignedBy: string;
  /** ISO instants, as the API takes them */
  pickupSignedDate: string;
  deliverySignedBy: string;
  deliverySignedDate: string;
}

export interface QueuedPod {
  /** also the Idempotency-Key of the PUT: a retry after a lost answer completes POD once */
  id: string;
  /** whose POD: only their session sends it (a shared phone may see another driver sign in) */
  userId: string;
  loadId: string;
  loadNumber: string;
  fields: PodFields;
  /** the paperwork (photos already combined into one PDF), or none */
  file: File | null;
  /** set once the file is stored on the server, so a retry never uploads it twice */
  objectPath: string | null;
  /** the upload in progress: its ticket and the bytes the server held, so a resume sends only the rest (absent in entries queued before) */
  upload?: UploadTicket | null;
  state: "waiting" | "refused";
  /** why the server refused it (its own words), or why it is still waiting (signed out) */
  reason: string | null;
  queuedAt: string;
  attempts: number;
}

/**
 * Anything else pressed with no signal that must reach the server as pressed (a
 * stop's arrival or departure, features/claims): one request, kept with its
 * Idempotency-Key and sent in the order pressed by the same sender, lock and
 * Background Sync as the PODs. Its body already carries the time it was pressed.
 */
export interface QueuedRequest {
  kind: "request";
  /** also the Idempotency-Key */
  id: string;
  userId: string;
  loadId: string;
  loadNumber: string;
  method: "POST" | "PUT";
  path: string;
  body: unknown;
  /** what the queuer reads back to show it (e.g. "stop:pickup:arrival") */
  tag: string;
  state: "waiting" | "refused";
  reason: string | null;
  queuedAt: string;
  attempts: number;
}
export type QueuedEntry = QueuedPod | QueuedRequest;
export const isQueuedRequest = (e: QueuedEntry): e is QueuedRequest => (e as Partial<QueuedRequest>).kind === "request";

/** One database per purpose, one store each (idb-keyval's model). */
let store: UseStore | null = null;
const outboxStore = () => (store ??= createStore("pod-outbox", "pods"));

/** Every page and the service worker hear of a change to the outbox. */
export const OUTBOX_CHANNEL = "pod-outbox";
export type OutboxMessage = { type: "changed" } | { type: "sent"; loadId: string; loadNumber: string } | { type: "refused"; loadId: string; loadNumber: string; reason: string };

export function announce(message: OutboxMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const ch = new BroadcastChannel(OUTBOX_CHANNEL);
  ch.postMessage(message);
  ch.close();
}

async function listAll(): Promise<QueuedEntry[]> {
  const all = await values<QueuedEntry>(outboxStore());
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** The queued PODs, oldest first (the queued requests are listQueuedRequests). */
export async function listQueued(): Promise<QueuedPod[]> {
  return (await listAll()).filter((e): e is QueuedPod => !isQueuedRequest(e));
}

export async function listQueuedRequests(): Promise<QueuedRequest[]> {
  return (await listAll()).filter(isQueuedRequest);
}

/** Anything (POD or request) still to send. */
export async function anyWaiting(): Promise<boolean> {
  return (await listAll()).some((e) => e.state === "waiting");
}

/** How many entries of any kind the outbox holds (the "may be queued" flag follows it). */
export async function countQueued(): Promise<number> {
  return (await values(outboxStore())).length;
}

export async function getQueued(id: string): Promise<QueuedPod | undefined> {
  const e = await get<QueuedEntry>(id, outboxStore());
  return e && !isQueuedRequest(e) ? e : undefined;
}

export async function getQueuedRequest(id: string): Promise<QueuedRequest | undefined> {
  const e = await get<QueuedEntry>(id, outboxStore());
  return e && isQueuedRequest(e) ? e : undefined;
}

export async function putQueued(pod: QueuedEntry, opts: { quiet?: boolean } = {}): Promise<void> {
  await set(pod.id, pod, outboxStore());
  // an upload's progress (each chunk): nothing for other pages to redraw
  if (opts.quiet) return;
  if (typeof localStorage !== "undefined") notePodsQueued(true);
  announce({ type: "changed" });
}

export async function removeQueued(id: string): Promise<void> {
  await del(id, outboxStore());
  if (typeof localStorage !== "undefined" && (await values(outboxStore())).length === 0) notePodsQueued(false);
  announce({ type: "changed" });
}

/** A fresh key from getRandomValues (works on plain http and in a service worker). */
export function newPodKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
