// Sending a queued request (a stop's arrival or departure pressed with no
// signal): the same rules as a queued POD (send.ts). It goes with its
// Idempotency-Key, so a retry after a lost answer gets the first answer; no
// signal, a busy server or a signed-out phone keep it waiting; any other answer
// from the server refuses it, kept with the server's words until discarded.
// Called inside the outbox's lock (send.ts).
import { apiRequest, ApiError } from "../../../lib/api";
import { announce, getQueuedRequest, putQueued, removeQueued, type QueuedRequest } from "./outbox";

export type RequestResult = { kind: "sent"; answer: unknown } | { kind: "refused"; reason: string } | { kind: "waiting"; reason: string | null } | { kind: "gone" };

const IN_PROGRESS = "A request with this Idempotency-Key is in progress";
export const SIGN_IN_TO_SEND_REQUEST = "Sign in to send it.";

const notNow = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

async function keepWaiting(entry: QueuedRequest, reason: string | null): Promise<RequestResult> {
  await putQueued({ ...entry, state: "waiting", reason, attempts: entry.attempts + 1 });
  return { kind: "waiting", reason };
}

/** The server's own words (the contract's error body), else its status. */
export function refusalWords(e: ApiError): string {
  return e.serverMessage?.trim() || `The server refused it (${e.status})`;
}

/** userId: who is signed in now (null signed out; undefined cannot tell, e.g. no signal). */
export async function sendRequestLocked(id: string, userId: string | null | undefined): Promise<RequestResult> {
  const entry = await getQueuedRequest(id);
  if (!entry) return { kind: "gone" };
  if (entry.state === "refused") return { kind: "refused", reason: entry.reason ?? "" };
  if (userId === undefined) return { kind: "waiting", reason: null };
  if (userId === null || userId !== entry.userId) return keepWaiting(entry, SIGN_IN_TO_SEND_REQUEST);
  try {
    const answer = await apiRequest<unknown>(entry.method, entry.path, entry.body, { idempotencyKey: entry.id });
    await removeQueued(entry.id);
    return { kind: "sent", answer };
  } catch (e) {
    if (!(e instanceof ApiError)) return keepWaiting(entry, null); // no connection
    if (e.status === 401) return keepWaiting(entry, SIGN_IN_TO_SEND_REQUEST);
    if (notNow(e.status) || e.serverMessage === IN_PROGRESS) return keepWaiting(entry, null);
    const reason = refusalWords(e);
    await putQueued({ ...entry, state: "refused", reason, attempts: entry.attempts + 1 });
    announce({ type: "changed" });
    return { kind: "refused", reason };
  }
}
