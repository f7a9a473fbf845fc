// One simulated carrier board, behaving like the web client: its own react-query QueryClient holding the queries a
// carrier's board keeps mounted (the first page of loads, stats, own bids, under the
// web app's own keys), fetched over HTTP with If-None-Match as `getWithEtag` does, and
// one `GET /api/live` stream whose events go through the web app's own handlers from
// `src/web/lib/live.ts` (`createLiveHandlers`, `queryClientActions`), so the generator
// does what the real client does with each event: patch the cache from `event: load`,
// refetch what `event: change` names (or, on older trees, refetch on every change).
//
// Only the wiring is here (EventSource and the browser's fetch are not in Node); the
// decisions (what to refetch, what to patch) are the module's. Boards do not poll in
// these scenarios (their 10-s poll is scenario 3c), so every GET counted is caused by an event.
import http from "node:http";
import { QueryClient, QueryObserver, type Query } from "@tanstack/react-query";
import * as live from "../src/web/lib/live";

/** The carrier board's page as the web asks for it (board-page.tsx: BOARD_PAGE_SIZE 50, default sort). */
export const BOARD_URL = "/api/loads?limit=50";
export const LIST_KEY = ["/api/loads", "list", BOARD_URL] as const;

interface LoadLike {
  id: string;
}
interface LoadList {
  loads: LoadLike[];
  total: number;
}

export interface BoardOptions {
  port: number;
  cookie: string;
  agent: http.Agent;
  /** called whenever this board's cache changes (a fetch landed or an event patched it) */
  onChange(board: Board): void;
}

type Handlers = Record<string, ((data: string) => void) | undefined> & { state?: string };

export class Board {
  readonly qc: QueryClient;
  private readonly observers: QueryObserver[];
  private readonly unsubscribe: (() => void)[] = [];
  private readonly etags = new Map<string, { etag: string; data: unknown }>();
  private stream: http.ClientRequest | null = null;
  private handlers: Handlers;
  /** GETs this board sent, and bytes it received (the server counts them too) */
  gets = 0;
  bytes = 0;
  failures = 0;

  constructor(private readonly o: BoardOptions) {
    this.qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0, gcTime: Infinity, refetchOnWindowFocus: false } } });
    // the carrier board's mounted queries, under the web app's keys (features/loads/api.ts, features/bids)
    const queries: [readonly unknown[], () => Promise<unknown>][] = [
      [LIST_KEY, async () => this.getList(BOARD_URL)],
      [["/api/stats"], async () => this.getJson("/api/stats")],
      [["/api/user/bids"], async () => this.getJson("/api/user/bids")],
    ];
    this.observers = queries.map(([queryKey, queryFn]) => new QueryObserver(this.qc, { queryKey, queryFn }));
    this.handlers = makeHandlers(this);
  }

  /** Mount the queries (first fetch of each), then open the stream; resolves at `event: ready`. */
  async open(): Promise<void> {
    await Promise.all(
      this.observers.map(
        (obs) =>
          new Promise<void>((resolve) => {
            let done = false;
            this.unsubscribe.push(
              obs.subscribe((r) => {
                if (!done && (r.status === "success" || r.status === "error")) {
                  done = true;
                  resolve();
                }
                this.o.onChange(this);
              }),
            );
          }),
      ),
    );
    await this.openStream();
  }

  /** The loads the board's first page holds now. */
  list(): LoadLike[] {
    return (this.qc.getQueryData(LIST_KEY) as LoadList | undefined)?.loads ?? [];
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    this.stream?.destroy();
    this.qc.clear();
  }

  /** invalidate as useLiveUpdates does: every query whose first key part starts with a prefix */
  refetch(prefixes: string[]): void {
    void this.qc.invalidateQueries({ predicate: (q: Query) => typeof q.queryKey[0] === "string" && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)) });
  }

  private request(path: string): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
    const cached = this.etags.get(path);
    this.gets++;
    return new Promise((resolve, reject) => {
      const req = http.get(
        { host: "127.0.0.1", port: this.o.port, path, agent: this.o.agent, headers: { cookie: this.o.cookie, ...(cached ? { "if-none-match": cached.etag } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (d: Buffer) => {
            this.bytes += d.length;
            chunks.push(d);
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
          res.on("error", reject);
        },
      );
      req.on("error", (e) => {
        this.failures++;
        reject(e);
      });
    });
  }

  /** getWithEtag (src/web/lib/api.ts): 304 → the cached data */
  private async getJson(path: string): Promise<unknown> {
    const r = await this.request(path);
    if (r.status === 304) return this.etags.get(path)!.data;
    if (r.status !== 200) {
      this.failures++;
      throw new Error(`${path}: ${r.status}`);
    }
    const data = JSON.parse(r.text) as unknown;
    const etag = r.headers.etag;
    if (etag) this.etags.set(path, { etag: String(etag), data });
    (data as { __total?: string }).__total = r.headers["x-total-count"] as string | undefined;
    return data;
  }

  private async getList(path: string): Promise<LoadList> {
    const data = (await this.getJson(path)) as LoadLike[] & { __total?: string };
    return { loads: data, total: data.__total ? Number(data.__total) : data.length };
  }

  private openStream(): Promise<void> {
    return new Promise((resolve, reject) => {
      let buffer = "";
      const req = http.request({ host: "127.0.0.1", port: this.o.port, path: "/api/live", agent: this.o.agent, headers: { cookie: this.o.cookie, accept: "text/event-stream" } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`/api/live: ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let i: number;
          while ((i = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            let name = "message";
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("event:")) name = line.slice(6).trim();
              else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
            }
            if (!data.length && name === "message") continue; // retry: / comments
            this.dispatch(name, data.join("\n"));
            if (name === "ready") resolve();
          }
        });
        res.on("close", () => this.dispatch("error", ""));
      });
      req.on("error", reject);
      req.end();
      this.stream = req;
    });
  }

  /** when each `event: load` reached this board's socket handler (absolute ms), by load id */
  readonly loadArrivals = new Map<string, number>();

  private dispatch(name: string, data: string): void {
    if (name === "load") {
      const m = /"id":"([^"]+)"/.exec(data);
      if (m && !this.loadArrivals.has(m[1])) this.loadArrivals.set(m[1], performance.timeOrigin + performance.now());
    }
    const fn = this.handlers[name];
    if (typeof fn === "function") fn.call(this.handlers, data);
    this.o.onChange(this);
  }
}

/**
 * The web app's handlers for this board, wired as `useLiveUpdates` wires them: today
 * `createLiveHandlers(queryClientActions(queryClient, isStaff))` on the board's own
 * QueryClient (patches from `event: load`, refetches by topic); on older trees, where
 * `createLiveHandlers` took a refetch of query-key prefixes, that. Adapt here only.
 */
function makeHandlers(board: Board): Handlers {
  const mod = live as unknown as {
    createLiveHandlers: (...a: unknown[]) => Handlers;
    queryClientActions?: (qc: QueryClient, staff: () => boolean) => unknown;
  };
  // a carrier's board: not staff
  if (mod.queryClientActions) return mod.createLiveHandlers(mod.queryClientActions(board.qc, () => false));
  return mod.createLiveHandlers((prefixes: string[]) => board.refetch(prefixes));
}
