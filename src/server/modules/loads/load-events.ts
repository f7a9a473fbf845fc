// Building the domain events of a load (src/contract/events.ts): the envelope every
// load event shares, and what an edit changed.
import type { LoadRow, UserRow } from "../../db/schema";
import type { EventData, EventType, NewEvent } from "../../../contract/events";

/** An event about `load`, by `actor`, at `now`. */
export function loadEvent<T extends EventType>(o: {
  type: T;
  load: Pick<LoadRow, "id" | "loadNumber">;
  actor: Pick<UserRow, "id" | "name"> | null;
  now: Date;
  data: EventData<T>;
}): NewEvent {
  return {
    type: o.type,
    occurredAt: o.now,
    actor: o.actor ? { id: o.actor.id, name: o.actor.name } : null,
    loadId: o.load.id,
    loadNumber: o.load.loadNumber,
    data: o.data,
  } as NewEvent;
}

/** Equal as a document would print them: instants by time, no text and empty text alike. */
const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime() : (a ?? "") === (b ?? "");

/** The columns whose value an edit changed (load.edited {fields}). */
export function changedFields(before: LoadRow, after: LoadRow): string[] {
  return (Object.keys(after) as (keyof LoadRow)[]).filter((k) => k !== "updatedAt" && !same(before[k], after[k]));
}
