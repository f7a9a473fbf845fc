// The event log's queries. Numbers come from the 'domain_events' counter row: the
// UPDATE that draws them locks the row until the transaction ends, so numbers are
// given in commit order, without gaps, in every process.
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client";
import { changeCounters, domainEvents, type DomainEventRow } from "../db/schema";
import { EVENT_VERSION, type DomainEvent, type EventType, type NewEvent } from "../../contract/events";

const COUNTER = "domain_events";
/** rows per INSERT: a thousand-row import stays well inside PostgreSQL's parameter limit */
const INSERT_CHUNK = 500;

/** Number and write `events` in `tx`, in order; returns them as recorded. */
export async function appendEvents(tx: Tx, events: NewEvent[]): Promise<DomainEvent[]> {
  if (!events.length) return [];
  const [counter] = await tx
    .update(changeCounters)
    .set({ version: sql`${changeCounters.version} + ${events.length}` })
    .where(eq(changeCounters.name, COUNTER))
    .returning({ version: changeCounters.version });
  if (!counter) throw new Error("the domain_events counter row is missing (migration 0018)");
  const first = counter.version - events.length + 1;
  const recorded = events.map((e, i) => ({ ...e, seq: first + i, version: EVENT_VERSION, occurredAt: e.occurredAt.toISOString() }) as DomainEvent);
  for (let i = 0; i < recorded.length; i += INSERT_CHUNK) {
    await tx.insert(domainEvents).values(
      recorded.slice(i, i + INSERT_CHUNK).map((e) => ({
        seq: e.seq,
        type: e.type,
        version: e.version,
        occurredAt: new Date(e.occurredAt),
        actorId: e.actor?.id ?? null,
        actorName: e.actor?.name ?? null,
        loadId: e.loadId,
        loadNumber: e.loadNumber,
        data: e.data,
      })),
    );
  }
  return recorded;
}

export function toDomainEvent(row: DomainEventRow): DomainEvent {
  return {
    seq: row.seq,
    version: EVENT_VERSION,
    type: row.type,
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorId || row.actorName ? { id: row.actorId ?? "", name: row.actorName ?? "" } : null,
    loadId: row.loadId,
    loadNumber: row.loadNumber,
    data: row.data,
  } as DomainEvent;
}

/** The events numbered from..to (inclusive) of the given types, in order. */
export async function readEvents(db: DbOrTx, range: { from: number; to: number; types: readonly EventType[] }): Promise<DomainEvent[]> {
  const rows = await db
    .select()
    .from(domainEvents)
    .where(and(gte(domainEvents.seq, range.from), lte(domainEvents.seq, range.to), inArray(domainEvents.type, [...range.types])))
    .orderBy(asc(domainEvents.seq));
  return rows.map(toDomainEvent);
}

/** The last number given (0: none yet). */
export async function lastSeq(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: changeCounters.version }).from(changeCounters).where(eq(changeCounters.name, COUNTER));
  return row?.version ?? 0;
}
