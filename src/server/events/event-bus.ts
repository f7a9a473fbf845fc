// Publish and subscribe (the events layer). A change publishes what happened;
// modules subscribe from their own register function (app.ts calls it), so the
// code that changes a load never names who reacts.
//
// Two kinds of subscriber, and the rule between them:
// - in the transaction: for the few reactions that must commit or fail with the
//   change (raising or voiding an invoice, closing the other bids). Only these may
//   veto a change by throwing (a paid invoice refuses the change with 409). They
//   run as the event is published, in ascending `order`, so their sequence is
//   written down here and tested, not left to registration order.
// - after commit: everything else (notifications, mail, webhooks, lane alerts,
//   and each capability still to come). Each is a job of its own that names the
//   events it must handle, written in the change's transaction; it runs once the
//   change has committed, retried with back-off by the job runners of any process
//   if it fails or its process dies, and never twice (the reaction and the job's
//   "done" commit together). They cannot veto anything: the change has happened.
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { afterCommit, beforeCommit } from "../db/transaction-hooks";
import type { DomainEvent, EventType, NewEvent } from "../../contract/events";
import { queueJobs, runPendingJobNow } from "../modules/jobs/jobs.service";
import type { JobKind } from "../modules/jobs/job-registry";
import { appendEvents, readEvents } from "./events.repository";

export type NewEventOf<T extends EventType> = Extract<NewEvent, { type: T }>;
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** What an in-transaction subscriber gets beside the event: the change's transaction, and publishing in it. */
export interface InTransactionScope {
  ctx: AppContext;
  tx: Tx;
  publish(events: NewEvent[]): Promise<void>;
}

export interface InTransactionSubscriber<T extends EventType = EventType> {
  name: string;
  types: readonly T[];
  /** lower runs first (ORDER below) */
  order: number;
  handle(event: NewEventOf<T>, scope: InTransactionScope): Promise<void>;
}

export interface AfterCommitSubscriber<T extends EventType = EventType> {
  /** also its job kind's name, after "event:" (so keep it once chosen: queued jobs carry it) */
  name: string;
  types: readonly T[];
  /** the events of one change (in seq order), in a transaction that commits with the job's "done" */
  handle(events: EventOf<T>[], scope: { ctx: AppContext; tx: Tx }): Promise<void>;
}

/**
 * The order of in-transaction subscribers. The invoice comes last: raising one
 * increments its year's counter row, which stays locked until commit (that keeps
 * invoice numbers gapless), so nothing else should run while it is held.
 */
export const ORDER = { bids: 10, stops: 20, invoices: 100 } as const;

/** How long reactions wait for the process that published them before any runner may take them. */
export const DISPATCH_GRACE_MS = 2_000;

const jobKindOf = (subscriber: string) => `event:${subscriber}`;

interface EventRange {
  from: number;
  to: number;
}

export interface EventBus {
  inTransaction<T extends EventType>(subscriber: InTransactionSubscriber<T>): void;
  afterCommit<T extends EventType>(subscriber: AfterCommitSubscriber<T>): void;
  /** Record `events` in `tx` and run the in-transaction reactions now; the others after commit. */
  publish(tx: Tx, events: NewEvent[]): Promise<void>;
}

declare module "../context" {
  interface AppContext {
    /** domain events: publish a change, subscribe a reaction (src/server/events) */
    events: EventBus;
  }
}

export function createEventBus(ctx: AppContext): EventBus {
  const inTx: InTransactionSubscriber[] = [];
  const later: AfterCommitSubscriber[] = [];
  /** the events published in a transaction, written at its end */
  const pending = new WeakMap<Tx, NewEvent[]>();

  async function publish(tx: Tx, events: NewEvent[]): Promise<void> {
    if (!events.length) return;
    let buffer = pending.get(tx);
    if (!buffer) {
      buffer = [];
      pending.set(tx, buffer);
      beforeCommit(tx, () => flush(tx));
    }
    buffer.push(...events);
    const scope: InTransactionScope = { ctx, tx, publish: (more) => publish(tx, more) };
    for (const subscriber of inTx) {
      for (const event of events) {
        if (subscriber.types.includes(event.type)) await subscriber.handle(event as never, scope);
      }
    }
  }

  /** Number and write the transaction's events last, and the jobs of the reactions to them. */
  async function flush(tx: Tx): Promise<void> {
    const events = pending.get(tx) ?? [];
    pending.delete(tx);
    const recorded = await appendEvents(tx, events);
    if (!recorded.length) return;
    const range: EventRange = { from: recorded[0].seq, to: recorded[recorded.length - 1].seq };
    const wanted = later.filter((s) => recorded.some((e) => s.types.includes(e.type)));
    if (!wanted.length) return;
    const now = ctx.clock.now();
    const ids = await queueJobs({
      db: tx,
      now,
      // the publishing process runs them as soon as the change commits (below);
      // the runners only take what it could not, once this grace has passed
      runAt: new Date(now.getTime() + DISPATCH_GRACE_MS),
      quiet: true,
      jobs: wanted.map((s) => ({ kind: jobKindOf(s.name), payload: range })),
    });
    afterCommit(tx, () => runNow(ids.map((j, i) => ({ id: j.id, subscriber: wanted[i] }))));
  }

  async function react(subscriber: AfterCommitSubscriber, range: EventRange, tx: Tx): Promise<void> {
    const events = await readEvents(tx, { ...range, types: subscriber.types });
    if (events.length) await subscriber.handle(events as never, { ctx, tx });
  }

  /** Right after commit, in the publishing process: the caller sees the reactions done when it gets its answer. */
  async function runNow(jobs: { id: string; subscriber: AfterCommitSubscriber }[]): Promise<void> {
    for (const { id, subscriber } of jobs) {
      try {
        await runPendingJobNow({
          db: ctx.db,
          id,
          now: () => ctx.clock.now(),
          work: (job, tx) => react(subscriber, job.payload as EventRange, tx),
        });
      } catch (err) {
        // left pending: a job runner retries it with back-off
        console.warn(`events: the ${subscriber.name} reaction failed after commit and will be retried: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  return {
    inTransaction(subscriber) {
      if (inTx.some((s) => s.name === subscriber.name)) throw new Error(`subscriber "${subscriber.name}" is registered twice`);
      inTx.push(subscriber as unknown as InTransactionSubscriber);
      inTx.sort((a, b) => a.order - b.order);
    },
    afterCommit(subscriber) {
      later.push(subscriber as unknown as AfterCommitSubscriber);
      const kind: JobKind<EventRange> = {
        name: jobKindOf(subscriber.name),
        async run(range, run) {
          await ctx.db.transaction(async (tx) => {
            await react(subscriber as unknown as AfterCommitSubscriber, range, tx);
            await run.finish(tx);
          });
        },
        // done: the range is all it carried, and the log keeps the events
      };
      ctx.jobs.register(kind);
    },
    publish,
  };
}

