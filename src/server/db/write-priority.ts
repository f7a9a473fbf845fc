// Writes never queue behind reads: a request that writes (any method
// but GET/HEAD/OPTIONS) runs marked as a writer, and the database handle sends a
// writer's queries elsewhere than the reads: on PostgreSQL to a small pool of its
// own (db/client.ts), so board reads that hold every read connection cannot make a
// staff POST wait for one; on PGlite, whose one connection runs one statement at a
// time, to the front of the queue (PriorityGate), so a write waits for at most the
// statement or transaction under way, not for every read queued before it.
import { AsyncLocalStorage } from "node:async_hooks";

const writer = new AsyncLocalStorage<true>();

/** Run `fn` (and everything it starts) as a writer. */
export function asWriter<T>(fn: () => T): T {
  return writer.run(true, fn);
}

/** Run `fn` outside any writer's context (work a write only set off, as a notice's listener). */
export function notAsWriter<T>(fn: () => T): T {
  return writer.exit(fn);
}

/** Whether the current async context is a writer's. */
export function isWriter(): boolean {
  return writer.getStore() === true;
}

/** how long statements may follow one another on PGlite before sockets and timers get a turn */
const SLICE_MS = 10;

/**
 * One slot, two queues: whoever holds the slot runs alone; when it is freed a
 * waiting writer goes before any waiting reader (staff writes are few), and every
 * SLICE_MS the event loop gets a turn in between.
 */
export class PriorityGate {
  private busy = false;
  /** when the slot last came back from a turn of the event loop (or was taken when free) */
  private sliceStart = 0;
  private readonly writers: (() => void)[] = [];
  private readonly readers: (() => void)[] = [];

  async run<T>(fn: () => Promise<T>, asWriter = isWriter()): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => (asWriter ? this.writers : this.readers).push(resolve));
    else {
      this.busy = true;
      this.sliceStart = performance.now();
    }
    try {
      return await fn();
    } finally {
      // the slot passes to the next in line (busy stays true). PGlite answers through
      // promises alone, so queued statements handed on at once run back to back and
      // starve timers and sockets (new requests, a writer among them, replies waiting
      // to be sent) until the last; handed on after every turn of the event loop, they
      // get one statement per turn (a busy loop's turn is many milliseconds). So: at
      // once, unless the slot has gone from hand to hand for SLICE_MS, then after a turn.
      if (performance.now() - this.sliceStart < SLICE_MS) this.handOn();
      else
        setImmediate(() => {
          this.sliceStart = performance.now();
          this.handOn();
        });
    }
  }

  private handOn(): void {
    const next = this.writers.shift() ?? this.readers.shift();
    if (next) next();
    else this.busy = false;
  }

  /** waiting callers (for tests and measurements) */
  get waiting(): { writers: number; readers: number } {
    return { writers: this.writers.length, readers: this.readers.length };
  }
}
