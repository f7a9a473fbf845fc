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

/** One connection of a resuming stream: how it was answered and how it ended. */
export interface StreamConnection {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the Last-Event-ID it was opened with */
  sentLastEventId?: string;
  /** "end": the server ended the answer; "error": the socket broke; undefined: still open */
  how?: "end" | "error";
  /** the last `retry:` the server gave on this connection */
  retry?: number;
  openedAt: number;
  closedAt?: number;
}

/**
 * What a browser's EventSource does, over real HTTP: when the server ends the stream
 * or the socket breaks, wait the last `retry:` it was given and connect again,
 * sending the last `id:` it saw as Last-Event-ID. A non-200 answer ends it for good
 * (EventSource "fails the connection"), recorded in `failure`. openStream stays the
 * one-shot reader the other tests use.
 */
export function openResumingStream(
  target: number | string,
  cookie: string,
  opts: {
    onEvent?: (e: StreamEvent) => void;
    /** the connection broke or ended (EventSource's `error` event) */
    onBreak?: (c: StreamConnection) => void;
    /** the reconnection time before any `retry:` arrives */
    initialRetryMs?: number;
  } = {},
) {
  const url = new URL(typeof target === "number" ? `http://127.0.0.1:${target}` : target);
  const events: StreamEvent[] = [];
  const connections: StreamConnection[] = [];
  let retryMs = opts.initialRetryMs ?? 3000;
  let lastEventId: string | undefined;
  let failure: string | null = null;
  let closed = false;
  let current: ReturnType<typeof request> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const connect = () => {
    timer = null;
    if (closed) return;
    const headers: Record<string, string> = { cookie, accept: "text/event-stream" };
    if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
    const conn: StreamConnection = { status: 0, headers: {}, sentLastEventId: lastEventId, openedAt: Date.now() };
    connections.push(conn);
    let done = false;
    // once a connection, whichever of end, close and error comes first
    const finish = (how: "end" | "error") => {
      if (done) return;
      done = true;
      conn.how = how;
      conn.closedAt = Date.now();
      if (closed || failure) return;
      opts.onBreak?.(conn);
      timer = setTimeout(connect, retryMs);
    };
    const req = request({ host: url.hostname, port: url.port, path: "/api/live", headers, agent: false }, (res) => {
      conn.status = res.statusCode ?? 0;
      conn.headers = res.headers;
      if (conn.status !== 200) {
        failure = `answered ${conn.status}`;
        res.resume();
        return finish("error");
      }
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const block = parseBlock(buffer.slice(0, i));
          buffer = buffer.slice(i + 2);
          if (block.retry !== undefined) retryMs = conn.retry = block.retry;
          if (block.id !== undefined) lastEventId = block.id;
          if (!block.event) continue;
          const e: StreamEvent = { event: block.event, data: block.data, at: Date.now(), ...(block.id !== undefined ? { id: block.id } : {}) };
          events.push(e);
          opts.onEvent?.(e);
        }
      });
      res.on("end", () => finish("end"));
      res.on("close", () => finish(res.complete ? "end" : "error"));
      res.on("error", () => finish("error"));
    });
    req.on("error", () => finish("error"));
    req.end();
    current = req;
  };
  connect();

  return {
    events,
    connections,
    /** why it gave up (a non-200 answer), or null */
    failure: () => failure,
    lastEventId: () => lastEventId,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      current?.destroy();
    },
  };
}

/** The fields of one SSE block (the lines before a blank line); comments are skipped. */
function parseBlock(block: string): { event?: string; data: string; id?: string; retry?: number } {
  const out: { event?: string; data: string; id?: string; retry?: number } = { data: "" };
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") out.event = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) out.id = value;
    else if (field === "retry" && /^\d+$/.test(value)) out.retry = Number(value);
  }
  out.data = data.join("\n");
  return out;
}
