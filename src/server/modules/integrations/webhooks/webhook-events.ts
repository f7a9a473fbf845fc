// Raising webhook events (contract-beyond "Integrations"): one "webhook" job per
// subscribed endpoint, written in the transaction of the change that causes the
// event, so a change that rolls back never delivers (architecture.md "Invariants";
// jobs.service queueJobs). The body is fixed here, once: every attempt sends the
// same bytes under the same webhook-id. Callers: recordLoadEvent (every load
// change), placeBid / acceptBid, completePod, raiseInvoice / payLocked.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { loads } from "../../../db/schema";
import type { WebhookEvent, WebhookPayload } from "../../../../contract/schemas/webhook";
import { queueJobs } from "../../jobs/jobs.service";
import { toLoad, type Viewer } from "../../loads/load-visibility";
import { subscribedEndpointIds } from "./webhooks.repository";

export const WEBHOOK_JOB = "webhook";

/** What a webhook job carries: the endpoint and the exact body to sign and send. */
export interface WebhookJobPayload {
  endpointId: string;
  type: WebhookEvent;
  body: string;
}

/** Data "as staff see it": every field of the load (a load holds no secrets, hashes or tokens). */
const STAFF: Viewer = { id: "00000000-0000-0000-0000-000000000000", role: "admin", isAdmin: true, carrierName: null };

/**
 * Queue `type` for every endpoint subscribed to it, in `db` (the change's
 * transaction). `data` may be a function: it is called only when someone listens.
 * Returns how many deliveries were queued.
 */
export async function raiseWebhookEvent(opts: { db: DbOrTx; now: Date; type: WebhookEvent; data: unknown }): Promise<number> {
  const endpointIds = await subscribedEndpointIds(opts.db, opts.type);
  if (!endpointIds.length) return 0;
  const data = typeof opts.data === "function" ? await (opts.data as () => Promise<unknown>)() : opts.data;
  const body = JSON.stringify({ type: opts.type, timestamp: opts.now.toISOString(), data } satisfies WebhookPayload);
  await queueJobs({
    db: opts.db,
    now: opts.now,
    jobs: endpointIds.map((endpointId) => ({ kind: WEBHOOK_JOB, payload: { endpointId, type: opts.type, body } satisfies WebhookJobPayload })),
  });
  return endpointIds.length;
}

/** The load event of each audit action (load_events.action); absent: load.updated. null: none (POD raises its own). */
const LOAD_ACTION_EVENTS: Record<string, WebhookEvent | null> = {
  create: "load.created",
  copy: "load.created",
  accept: "load.accepted",
  "award-bid": "load.accepted",
  assign: "load.accepted",
  approve: "load.approved",
  complete: "load.completed",
  cancel: "load.cancelled",
  // the signatures alone (not completing the load): pod.submitted, raised by the POD module
  "pod-updated": null,
};

export function loadWebhookEvent(action: string): WebhookEvent | null {
  return action in LOAD_ACTION_EVENTS ? LOAD_ACTION_EVENTS[action] : "load.updated";
}

/** A load changed (`action` as recorded in load_events): its event, with the load as it is now in `db`. */
export async function raiseLoadWebhook(db: DbOrTx, e: { loadId: string; action: string; now: Date }): Promise<number> {
  const type = loadWebhookEvent(e.action);
  if (!type) return 0;
  return raiseWebhookEvent({ db, now: e.now, type, data: () => loadData(db, e.loadId, e.now) });
}

/**
 * Many load changes (recordLoadEvents): who listens to each event type is asked
 * once, so a thousand changes nobody subscribed to cost one query, not a thousand.
 */
export async function raiseLoadWebhooks(db: DbOrTx, events: { loadId: string; action: string; now: Date }[]): Promise<number> {
  if (events.length === 1) return raiseLoadWebhook(db, events[0]);
  const listened = new Map<WebhookEvent, boolean>();
  let queued = 0;
  for (const e of events) {
    const type = loadWebhookEvent(e.action);
    if (!type) continue;
    if (!listened.has(type)) listened.set(type, (await subscribedEndpointIds(db, type)).length > 0);
    if (listened.get(type)) queued += await raiseLoadWebhook(db, e);
  }
  return queued;
}

/** The load as staff see it, read in `db`. */
export async function loadData(db: DbOrTx, loadId: string, now: Date): Promise<unknown> {
  const [row] = await db.select().from(loads).where(eq(loads.id, loadId));
  return row ? toLoad(row, STAFF, now) : { id: loadId };
}
