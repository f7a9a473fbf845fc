// Raising webhook events: a reaction to domain events after they commit. Each
// domain event with a public name (WEBHOOK_EVENT_OF) becomes one "webhook" job per
// subscribed endpoint, written in the reaction's transaction, so it is written
// once however often the reaction is retried. The body is fixed here, once: every
// attempt sends the same bytes under the same webhook-id. A load event carries the
// load as staff see it when the reaction runs (normally within milliseconds of the
// change); bid, invoice and claim events carry the record as the event recorded
// it, and a stop event the stop's times with the load's id and number.
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { DbOrTx } from "../../../db/client";
import { loads } from "../../../db/schema";
import { EVENT_TYPES, WEBHOOK_EVENT_OF, type DomainEvent } from "../../../../contract/events";
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
 * Queue `type` for every endpoint subscribed to it, in `db`. `data` may be a
 * function: it is called only when someone listens. Returns how many deliveries
 * were queued.
 */
export async function raiseWebhookEvent(opts: { db: DbOrTx; now: Date; type: WebhookEvent; data: unknown; endpointIds?: string[] }): Promise<number> {
  const endpointIds = opts.endpointIds ?? (await subscribedEndpointIds(opts.db, opts.type));
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

/** The load as staff see it, read in `db`. */
export async function loadData(db: DbOrTx, loadId: string, now: Date): Promise<unknown> {
  const [row] = await db.select().from(loads).where(eq(loads.id, loadId));
  return row ? toLoad(row, STAFF, now) : { id: loadId };
}

/** What a webhook says of an event: the record it carries, or the load it is about. */
function dataOf(db: DbOrTx, event: DomainEvent, now: Date): unknown {
  switch (event.type) {
    case "bid.placed":
    case "bid.accepted":
    case "bid.countered":
      return event.data.bid;
    case "invoice.issued":
    case "invoice.paid":
      return event.data.invoice;
    // the stop's times as recorded, never the phone's position (staff only)
    case "stop.recorded":
      return { loadId: event.loadId, loadNumber: event.loadNumber, ...event.data };
    case "claim.submitted":
    case "claim.decided":
      return event.data.claim;
    // the truck as posted (a truck is about no load)
    case "truck.posted":
      return event.data.truck;
    default:
      return () => loadData(db, event.loadId!, now);
  }
}

/** Domain events that have a public webhook name. */
const PUBLIC_TYPES = EVENT_TYPES.filter((t) => WEBHOOK_EVENT_OF[t] !== null);

export function registerWebhookReactions(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "webhooks",
    types: PUBLIC_TYPES,
    async handle(events, { tx }) {
      // who listens to each event type is asked once: a thousand imported loads nobody subscribed to cost one query
      const listeners = new Map<WebhookEvent, string[]>();
      for (const event of events) {
        const type = WEBHOOK_EVENT_OF[event.type] as WebhookEvent | null;
        if (!type) continue;
        if (!listeners.has(type)) listeners.set(type, await subscribedEndpointIds(tx, type));
        const endpointIds = listeners.get(type)!;
        if (!endpointIds.length) continue;
        const now = new Date(event.occurredAt);
        await raiseWebhookEvent({ db: tx, now, type, data: dataOf(tx, event, now), endpointIds });
      }
    },
  });
}
