// Pressing Arrived or Leaving: the time is taken at the press, the phone's
// position asked for briefly (denied, unavailable or slow → sent without one),
// then sent at once when there is a signal, or kept in the same outbox as an
// offline POD (features/pod) and sent later with the time pressed. A send that
// fails for want of a signal is kept the same way, under the same
// Idempotency-Key, so a press that did reach the server is never recorded twice.
import type { Position } from "@contract/schemas/claim";
import { apiRequest, ApiError } from "../../../lib/api";
import { loadOutbox } from "../../pod";
import { stopPath } from "../api";
import { parseStepTag, stepTag, type PendingStep, type Step } from "./progress";

/** how long a press waits for the phone's position before it goes without */
export const POSITION_TIMEOUT_MS = 8_000;

export function currentPosition(timeoutMs = POSITION_TIMEOUT_MS): Promise<Position | null> {
  const geo = typeof navigator !== "undefined" ? navigator.geolocation : undefined;
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    // some browsers never call back when the prompt is ignored: our own timer ends the wait too
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    geo.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracyM: Math.min(1_000_000, Math.max(0, p.coords.accuracy)) });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      // a fresh fix: a position cached from before the press may be from the road, not the yard
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}

export type PressResult = { kind: "sent"; positionSent: boolean } | { kind: "queued"; positionSent: boolean } | { kind: "refused"; reason: string };

/** Worth keeping on the phone and trying again (no signal, the server busy or restarting). */
const notNow = (e: unknown) => !(e instanceof ApiError) || e.status === 408 || e.status === 429 || e.status >= 500;

export async function pressStep(opts: { loadId: string; loadNumber: string; userId: string; step: Step; pressedAt: Date; position: Position | null; online: boolean }): Promise<PressResult> {
  const outbox = await loadOutbox();
  const id = outbox.newOutboxKey();
  const path = stopPath(opts.loadId, opts.step.stop, opts.step.kind);
  const positionSent = !!opts.position;
  const body = { at: opts.pressedAt.toISOString(), ...(opts.position ? { position: opts.position } : {}) };
  if (opts.online) {
    try {
      await apiRequest("POST", path, body, { idempotencyKey: id });
      return { kind: "sent", positionSent };
    } catch (e) {
      if (!notNow(e)) return { kind: "refused", reason: (e as ApiError).serverMessage ?? `The server refused it (${(e as ApiError).status})` };
    }
  }
  await outbox.putQueued({
    kind: "request",
    id,
    userId: opts.userId,
    loadId: opts.loadId,
    loadNumber: opts.loadNumber,
    method: "POST",
    path,
    body,
    tag: stepTag(opts.step),
    state: "waiting",
    reason: null,
    queuedAt: new Date().toISOString(),
    attempts: 0,
  });
  void outbox.requestBackgroundSend();
  return { kind: "queued", positionSent };
}

/** This driver's presses of this load still on the phone, oldest first. */
export async function pendingSteps(loadId: string, userId: string): Promise<PendingStep[]> {
  const outbox = await loadOutbox();
  const out: PendingStep[] = [];
  for (const r of await outbox.listQueuedRequests()) {
    const step = parseStepTag(r.tag);
    if (!step || r.loadId !== loadId || r.userId !== userId) continue;
    out.push({ ...step, id: r.id, at: (r.body as { at?: string }).at ?? r.queuedAt, state: r.state, reason: r.reason });
  }
  return out;
}

export async function discardPending(id: string): Promise<void> {
  await (await loadOutbox()).removeQueued(id);
}

/** Send what waits now (the signal is back); the outbox's lock keeps each press once. */
export async function sendPending(): Promise<void> {
  await (await loadOutbox()).flushOutbox();
}

/** Hear of any change to the outbox (a press sent or refused by another tab or the service worker). */
export async function watchOutbox(onChange: () => void): Promise<() => void> {
  const { OUTBOX_CHANNEL } = await loadOutbox();
  if (typeof BroadcastChannel === "undefined") return () => {};
  const ch = new BroadcastChannel(OUTBOX_CHANNEL);
  ch.onmessage = () => onChange();
  return () => ch.close();
}
