// Writes never queue behind reads: every request that may write (any
// method but GET, HEAD, OPTIONS) runs as a writer (db/write-priority.ts), so its
// queries, its session lookup included, take the writers' pool on PostgreSQL and
// the front of the queue on PGlite. Set on onRequest (session and bearer hooks run
// inside it) and again on preHandler: a request body is read in the socket's own
// async context, which the hooks after parsing would otherwise continue in.
//
// The database is not the only queue: one event loop serves every request, and 200
// boards refreshing at once keep it busy with their queries, JSON and compression,
// a write's every step waiting behind theirs. So at most READ_SLOTS API reads are
// under way at a time; the others wait, before any work is done for them, for a
// slot, while writes never wait for one (measured: docs/decisions/0026-write-priority.md).
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { asWriter } from "../db/write-priority";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** API reads in progress at once (a little more than the PostgreSQL read pool's 10) */
export const READ_SLOTS = 16;
/** long-lived or trivial reads that must never wait for (or hold) a slot */
const UNLIMITED = /^\/api\/(live|health)(\/|\?|$)/;

function mark(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (READS.has(req.method)) done();
  else asWriter(done);
}

/** A counting semaphore; release() is safe to call once per acquire. */
class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}

  acquire(): Promise<void> | void {
    if (this.used < this.max) {
      this.used++;
      return;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.used--;
  }
}

const RELEASE = Symbol("readSlotRelease");
type WithRelease = FastifyRequest & { [RELEASE]?: () => void };

/** Register before every hook that touches the database. */
export function registerWritePriority(app: FastifyInstance, readSlots = READ_SLOTS): void {
  app.addHook("onRequest", mark);
  const slots = new Slots(readSlots);
  // callback hooks, not async ones: on the hot path (a board poll) a free slot costs no promise
  app.addHook("onRequest", (req, reply, done) => {
    if (req.method !== "GET" || !req.url.startsWith("/api/") || UNLIMITED.test(req.url)) return done();
    const hold = () => {
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        slots.release();
      };
      (req as WithRelease)[RELEASE] = release;
      // whichever comes first: the answer sent, the client gone, the socket closed
      reply.raw.once("close", release);
      done();
    };
    const waiting = slots.acquire();
    if (waiting) void waiting.then(hold);
    else hold();
  });
  const release = (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    (req as WithRelease)[RELEASE]?.();
    done();
  };
  app.addHook("onResponse", release);
  app.addHook("onRequestAbort", (req, done) => {
    (req as WithRelease)[RELEASE]?.();
    done();
  });
  app.addHook("preHandler", mark);
}
