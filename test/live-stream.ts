// GET /api/live read over real HTTP, for the live, notification and fault tests alike
// (an app listening in the test process, or a server process started by test/process.ts).
import { request } from "node:http";

/** One event as it arrived; `at` is Date.now() on arrival (the notification tests time delivery by it). */
export interface StreamEvent {
  event: string;
  data: string;
  at: number;
  /** the SSE id: field (the loads version), when the event carried one */
  id?: string;
}

/** Open the SSE stream over real HTTP and collect events: `target` is a port on 127.0.0.1 or a base URL. */
export function openStream(target: number | string, cookie: string, opts: { onEvent?: (e: StreamEvent) => void; lastEventId?: number | string } = {}) {
  const url = new URL(typeof target === "number" ? `http://127.0.0.1:${target}` : target);
  const events: StreamEvent[] = [];
  let buffer = "";
  let status = 0;
  let ended = false;
  const headers: Record<string, string> = { cookie };
  // what a reconnecting EventSource sends: the last id it saw
  if (opts.lastEventId !== undefined) headers["last-event-id"] = String(opts.lastEventId);
  const req = request({ host: url.hostname, port: url.port, path: "/api/live", headers }, (res) => {
    status = res.statusCode ?? 0;
    res.on("end", () => (ended = true));
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const id = /^id: (.*)$/m.exec(block)?.[1];
        if (!event) continue;
        const e: StreamEvent = { event, data: data ?? "", at: Date.now(), ...(id !== undefined ? { id } : {}) };
        events.push(e);
        opts.onEvent?.(e);
      }
    });
  });
  req.on("error", () => {});
  req.end();
  return {
    events,
    status: () => status,
    /** the server ended the stream */
    ended: () => ended,
    async waitEnded(ms = 3000) {
      const start = Date.now();
      while (!ended) {
        if (Date.now() - start > ms) throw new Error(`the stream was still open after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return Date.now() - start;
    },
    close: () => req.destroy(),
    /** ms (from the call) until an event matching `pred`, received at or after `after`, arrived; throws after `ms` */
    async waitFor(pred: (e: StreamEvent) => boolean, ms = 3000, after = 0) {
      const start = Date.now();
      for (;;) {
        const hit = events.find((e) => e.at >= after && pred(e));
        if (hit) return hit.at - start;
        if (Date.now() - start > ms) throw new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
