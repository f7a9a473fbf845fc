// The service worker of the installable app (docs/decisions/0022-offline-pod.md).
// Built by scripts/build-sw.mjs after `vite build` into dist/web/sw.js, with the
// build's version and the files to keep offline written in (__BUILD__,
// __PRECACHE__), so every build is a new worker and the browser sees an update.
//
// * App shell and hashed assets: precached per build; a page is fetched from the
//   network first (a fresh page whenever there is signal), the cached shell when
//   there is none, else the offline page. Hashed assets are cache-first.
// * A few GET answers the board needs to open with no signal (who is signed in,
//   the board's loads, stats, own bids) are kept in one "data" cache, used only
//   when the network fails, and deleted on every sign-in and sign-out and on any
//   401: one user's answers are never shown to another.
// * Background Sync: the `sync` event sends the POD outbox (offline/send.ts).
// * A new build waits until the page says "reload" (the update prompt), so a
//   driver is never switched mid-form, and never kept on an old version either:
//   the prompt appears as soon as the new worker is installed.
import { flushOutbox } from "../features/pod/offline/send";
import { SYNC_TAG } from "../features/pod/offline/background";

declare const __BUILD__: string;
declare const __PRECACHE__: string[];

// The few service-worker types used here (the project's lib is the DOM's, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
  lastChance?: boolean;
}
interface SWScope {
  addEventListener(type: "install" | "activate", cb: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", cb: (e: FetchEvent) => void): void;
  addEventListener(type: "sync", cb: (e: SyncEvent) => void): void;
  addEventListener(type: "message", cb: (e: ExtendableEvent & { data: unknown }) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}
const sw = self as unknown as SWScope;

const BUILD = __BUILD__;
const APP_CACHE = `app-${BUILD}`;
export const DATA_CACHE = "data";
const SHELL = "/index.html";
const OFFLINE_PAGE = "/offline.html";
/** answers kept at most (a search per filter adds one): the oldest go first */
const DATA_MAX_ENTRIES = 40;
/** how long a page waits for the network on a weak signal before the cached shell is used */
const NAVIGATION_TIMEOUT_MS = 5000;

/** GET answers kept for an offline start (the board's first calls: plugins/web-preload.ts BOARD_CALLS). */
function isData(url: URL): boolean {
  const p = url.pathname;
  return p === "/api/auth/user" || p === "/api/loads" || p === "/api/stats" || p === "/api/user/bids" || p === "/api/public-config";
}
/** Signing in or out: whatever was kept for the last user goes. */
const isSessionChange = (url: URL) => url.pathname === "/api/login" || url.pathname === "/api/logout";

sw.addEventListener("install", (e) => {
  e.waitUntil(caches.open(APP_CACHE).then((c) => c.addAll(__PRECACHE__)));
});

sw.addEventListener("activate", (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("app-") && name !== APP_CACHE) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (e) => {
  const type = (e.data as { type?: string } | null)?.type;
  if (type === "SKIP_WAITING") void sw.skipWaiting();
  if (type === "CLEAR_DATA") e.waitUntil(caches.delete(DATA_CACHE));
  if (type === "BUILD") {
    // the page asks which build this worker is (the update prompt's test reads it)
    const port = (e as unknown as { ports: MessagePort[] }).ports[0];
    port?.postMessage({ build: BUILD });
  }
});

sw.addEventListener("sync", (e) => {
  if (e.tag !== SYNC_TAG) return;
  e.waitUntil(
    flushOutbox({ delays: [0] }).then((r) => {
      // still no connection: reject, so the browser tries the sync again later
      if (r.waiting > 0 && !e.lastChance) throw new Error("POD outbox: still waiting");
    }),
  );
});

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("timeout")), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (err) => (clearTimeout(t), reject(err)),
    );
  });
}

async function page(req: Request): Promise<Response> {
  try {
    return await withTimeout(fetch(req), NAVIGATION_TIMEOUT_MS);
  } catch {
    const cache = await caches.open(APP_CACHE);
    return (await cache.match(SHELL)) ?? (await cache.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

async function asset(req: Request): Promise<Response> {
  const hit = await caches.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) {
    const copy = res.clone();
    void caches.open(APP_CACHE).then((c) => c.put(req, copy));
  }
  return res;
}

async function data(req: Request): Promise<Response> {
  try {
    const cache = await caches.open(DATA_CACHE);
    // The board revalidates with ETags (lib/api.ts getWithEtag): a 304 has no body to keep,
    // so while nothing is kept for this URL yet, ask for the whole answer once.
    let ask = req;
    if (req.headers.has("If-None-Match") && !(await cache.match(req.url, { ignoreVary: true }))) {
      const headers = new Headers(req.headers);
      headers.delete("If-None-Match");
      ask = new Request(req.url, { headers, credentials: "include", cache: "no-store" });
    }
    const res = await fetch(ask);
    if (res.status === 200) {
      await cache.put(req.url, res.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - DATA_MAX_ENTRIES))) await cache.delete(old);
    } else if (res.status === 401) {
      await caches.delete(DATA_CACHE);
    }
    return res;
  } catch (err) {
    const hit = await caches.open(DATA_CACHE).then((c) => c.match(req.url, { ignoreVary: true }));
    if (hit) return hit;
    throw err;
  }
}

sw.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  if (req.method !== "GET") {
    if (isSessionChange(url)) {
      e.respondWith(
        (async () => {
          await caches.delete(DATA_CACHE);
          const res = await fetch(req);
          await caches.delete(DATA_CACHE);
          return res;
        })(),
      );
    }
    return;
  }
  if (req.mode === "navigate") {
    // downloads (/objects/…) and API calls opened as pages go to the network untouched
    if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/objects/")) return;
    e.respondWith(page(req));
    return;
  }
  if (url.pathname.startsWith("/assets/") || __PRECACHE__.includes(url.pathname)) {
    e.respondWith(asset(req));
    return;
  }
  if (isData(url)) e.respondWith(data(req));
});
