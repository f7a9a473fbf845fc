// Queries of the webhook tables (modules/integrations/webhooks). The deliveries
// themselves are rows of the jobs table (kind "webhook"), written by
// webhook-events.ts in the transaction of the change.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { webhookAttempts, webhookEndpoints, type WebhookAttemptRow, type WebhookEndpointRow } from "../../../db/schema";

export type NewEndpoint = Pick<WebhookEndpointRow, "url" | "description" | "events" | "secret" | "createdBy" | "createdAt" | "updatedAt">;

export async function insertEndpoint(db: DbOrTx, v: NewEndpoint): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(v).returning();
  return row;
}

export async function listEndpoints(db: DbOrTx): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findEndpoint(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<WebhookEndpointRow | undefined> {
  const q = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  // key share: a delete waits until the attempt that references the endpoint commits
  const [row] = opts.lock ? await q.for("key share") : await q;
  return row;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: string,
  v: Pick<WebhookEndpointRow, "url" | "description" | "events" | "updatedAt">,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(v).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

/** The endpoints subscribed to `type` (the change's transaction asks, so a new one counts once it committed). */
export async function subscribedEndpointIds(db: DbOrTx, type: string): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${webhookEndpoints.events} @> array[${type}]::text[]`);
  return rows.map((r) => r.id);
}

export async function insertAttempt(db: DbOrTx, v: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(v);
}

/** Newest first. */
export async function listAttempts(db: DbOrTx, endpointId: string, limit: number): Promise<WebhookAttemptRow[]> {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt))
    .limit(limit);
}

/** An attempt (by its id) or a delivery (by its id) of this endpoint: the delivery's id. */
export async function findDeliveryId(db: DbOrTx, endpointId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ deliveryId: webhookAttempts.deliveryId })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.endpointId, endpointId), sql`(${webhookAttempts.id} = ${id} or ${webhookAttempts.deliveryId} = ${id})`))
    .limit(1);
  return row?.deliveryId;
}

/** The latest attempt of each endpoint (the list's "last delivery"). */
export async function latestAttempts(db: DbOrTx, endpointIds: string[]): Promise<Map<string, WebhookAttemptRow>> {
  if (!endpointIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([webhookAttempts.endpointId])
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.endpointId, endpointIds))
    .orderBy(webhookAttempts.endpointId, desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt));
  return new Map(rows.map((r) => [r.endpointId, r]));
}
