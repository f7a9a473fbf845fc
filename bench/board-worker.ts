// A worker thread holding a share of scenario 9's boards (bench/live-boards.ts). Each
// board handles its own events the way the web client does; spreading the boards over
// threads lets that work use both cores as separate phones would, and keeps the main
// thread (which posts the admin's loads and times them) free of it. Times are absolute
// (performance.timeOrigin + now), so they compare across threads.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { Board } from "./board-client";

export type ToWorker = { type: "open"; count: number } | { type: "begin" } | { type: "missing"; ids: string[] } | { type: "collect"; ids: string[] } | { type: "close" };
export type FromWorker =
  | { type: "opened"; boards: number }
  | { type: "begun" }
  | { type: "missing"; missing: number }
  | { type: "collected"; at: Record<string, number[]>; arrived: Record<string, number[]>; missing: number }
  | { type: "closed" }
  | { type: "error"; message: string };

const { port, cookies } = workerData as { port: number; cookies: string[] };
const agent = new http.Agent({ keepAlive: true, maxSockets: 4000 });
const boards: Board[] = [];
const known = new Map<Board, Set<string>>();
const seen = new Map<Board, Map<string, number>>();
let tracking = false;
const now = () => performance.timeOrigin + performance.now();

function onChange(b: Board) {
  if (!tracking) return;
  const k = known.get(b);
  const s = seen.get(b);
  if (!k || !s) return;
  const at = now();
  for (const l of b.list()) if (!k.has(l.id) && !s.has(l.id)) s.set(l.id, at);
}

function missing(ids: string[]): number {
  let n = 0;
  for (const b of boards) for (const id of ids) if (!seen.get(b)?.has(id)) n++;
  return n;
}

const send = (m: FromWorker) => parentPort!.postMessage(m);

parentPort!.on("message", (m: ToWorker) => {
  void (async () => {
    try {
      if (m.type === "open") {
        while (boards.length < m.count) {
          const part = Array.from({ length: Math.min(50, m.count - boards.length) }, (_, k) => new Board({ port, cookie: cookies[boards.length + k], agent, onChange }));
          await Promise.all(part.map((b) => b.open()));
          boards.push(...part);
        }
        send({ type: "opened", boards: boards.length });
      } else if (m.type === "begin") {
        for (const b of boards) {
          known.set(b, new Set(b.list().map((l) => l.id)));
          seen.set(b, new Map());
        }
        tracking = true;
        send({ type: "begun" });
      } else if (m.type === "missing") {
        send({ type: "missing", missing: missing(m.ids) });
      } else if (m.type === "collect") {
        tracking = false;
        const at: Record<string, number[]> = {};
        const arrived: Record<string, number[]> = {};
        for (const id of m.ids) at[id] = [];
        for (const id of m.ids) arrived[id] = [];
        for (const b of boards)
          for (const id of m.ids) {
            const t = seen.get(b)?.get(id);
            if (t !== undefined) at[id].push(t);
            const a = b.loadArrivals.get(id);
            if (a !== undefined) arrived[id].push(a);
          }
        send({ type: "collected", at, arrived, missing: missing(m.ids) });
      } else if (m.type === "close") {
        for (const b of boards) b.close();
        agent.destroy();
        send({ type: "closed" });
      }
    } catch (e) {
      send({ type: "error", message: String((e as Error).stack ?? e) });
    }
  })();
});
