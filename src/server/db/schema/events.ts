// The event log (src/server/events): one row a domain event, numbered by a gapless seq.
import { bigint, index, jsonb, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";

export const domainEvents = pgTable(
  "domain_events",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    version: smallint("version").notNull(),
    occurredAt: ts("occurred_at").notNull(),
    // no foreign keys: the log outlives what it speaks of (a deleted user, a merged company)
    actorId: uuid("actor_id"),
    actorName: text("actor_name"),
    loadId: uuid("load_id"),
    loadNumber: text("load_number"),
    data: jsonb("data").notNull(),
  },
  (t) => [index("domain_events_load_idx").on(t.loadId, t.seq)],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
