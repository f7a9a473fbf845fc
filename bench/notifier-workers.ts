// The stream side of the notifier bench (bench/notifier.ts): a worker thread of SSE
// readers (bench/notifier-streams.mjs) and the messages it answers with.
import { Worker } from "node:worker_threads";

export type FromWorker =
  | { type: "open" | "keep"; open: number }
  | { type: "record" | "close" }
  | { type: "missing"; missing: number }
  | { type: "collect"; arrivals: Record<string, number[]> }
  | { type: "count"; loadEvents: number; lost: number; open: number }
  | { type: "error"; message: string };

/** One worker thread of streams: each request gets its one answer, in order. */
export class StreamWorker {
  private waiting: ((m: FromWorker) => void)[] = [];
  readonly worker: Worker;
  constructor(port: number, cookies: string[]) {
    this.worker = new Worker(new URL("./notifier-streams.mjs", import.meta.url), { workerData: { port, cookies } });
    this.worker.on("message", (m: FromWorker) => {
      if (m.type === "error") throw new Error(`stream worker: ${m.message}`);
      this.waiting.shift()?.(m);
    });
  }
  ask<T extends FromWorker["type"]>(m: { type: T } & Record<string, unknown>): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve) => {
      this.waiting.push((a) => resolve(a as Extract<FromWorker, { type: T }>));
      this.worker.postMessage(m);
    });
  }
}
