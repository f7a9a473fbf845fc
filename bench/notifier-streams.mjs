// A worker thread holding its share of the notifier scenario's `GET /api/live` streams
// (bench/notifier.ts) as plain SSE readers: it notes when each `event: load` reaches
// each stream, by load id. Plain JS, so Node starts it without a loader. The streams
// live here rather than in the main thread so the main thread, which posts and times
// the writes, is not queued behind thousands of sockets' reads.
//
// Messages in: open {count} (open streams up to count), record {on} (note arrivals by id
// from now on, the notes so far dropped), missing {ids}, collect, keep {count} (close
// the streams beyond count), count, close. Each is answered once, in order.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { port, cookies } = workerData;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/** absolute ms, comparable with the main thread's clock */
const now = () => performance.timeOrigin + performance.now();
/** opened at once: more would overflow the server's accept backlog */
const OPENING = 100;

/** @type {{ req: http.ClientRequest; closedByUs: boolean }[]} */
const streams = [];
/** load id → arrival times, one per stream that read it */
let arrivals = new Map();
let recording = false;
let loadEvents = 0;
/** streams the server ended or that failed after opening */
let lost = 0;

function openStream(cookie) {
  return new Promise((resolve, reject) => {
    const stream = { req: null, closedByUs: false };
    let buffer = "";
    let ready = false;
    const gone = () => {
      if (ready && !stream.closedByUs) lost++;
      stream.closedByUs = true;
    };
    stream.req = http.request({ host: "127.0.0.1", port, path: "/api/live", agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /api/live: ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        const at = now();
        buffer += chunk;
        let i;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          // an event may start with its `id:` line (replay by version) or not (before it)
          const name = /^event: (\S+)$/m.exec(block)?.[1];
          if (name === "ready" && !ready) {
            ready = true;
            resolve(stream);
          } else if (name === "load") {
            loadEvents++;
            if (!recording) continue;
            const id = /"id":"([^"]+)"/.exec(block)?.[1];
            if (!id) continue;
            const list = arrivals.get(id);
            if (list) list.push(at);
            else arrivals.set(id, [at]);
          }
        }
      });
      res.on("end", gone);
      res.on("error", gone);
    });
    stream.req.on("error", (err) => {
      if (!ready) reject(err);
      gone();
    });
    stream.req.end();
  });
}

async function openUpTo(count) {
  const want = Math.min(count, cookies.length);
  while (streams.length < want) {
    const next = cookies.slice(streams.length, Math.min(want, streams.length + OPENING));
    streams.push(...(await Promise.all(next.map(openStream))));
  }
}

function close(from) {
  for (const s of streams.splice(from)) {
    s.closedByUs = true;
    s.req.destroy();
  }
}

parentPort.on("message", async (m) => {
  try {
    if (m.type === "open") {
      await openUpTo(m.count);
      parentPort.postMessage({ type: "open", open: streams.length });
    } else if (m.type === "record") {
      recording = m.on;
      arrivals = new Map();
      parentPort.postMessage({ type: "record" });
    } else if (m.type === "missing") {
      const missing = m.ids.reduce((n, id) => n + Math.max(0, streams.length - (arrivals.get(id)?.length ?? 0)), 0);
      parentPort.postMessage({ type: "missing", missing });
    } else if (m.type === "collect") {
      parentPort.postMessage({ type: "collect", arrivals: Object.fromEntries(arrivals) });
    } else if (m.type === "keep") {
      close(m.count);
      parentPort.postMessage({ type: "keep", open: streams.length });
    } else if (m.type === "count") {
      parentPort.postMessage({ type: "count", loadEvents, lost, open: streams.length });
    } else if (m.type === "close") {
      close(0);
      agent.destroy();
      parentPort.postMessage({ type: "close" });
    }
  } catch (err) {
    parentPort.postMessage({ type: "error", message: String(err?.stack ?? err) });
  }
});
