// Live updates (docs/decisions/0020-live-load-events.md): a changed load arrives in
// `event: load` and is patched into the cache in place (live-cache.ts), so an open
// board makes no request for it; `event: change` names the user's own data that
// changed (bids, stats and bookings, users for staff) and only that is refetched.
// Polling at its usual intervals stays on underneath (with ETag), so it is all
// there is whenever the stream is down. Every load event carries its version as
// the SSE id, so EventSource reconnects by itself naming the last one it saw
// (Last-Event-ID) and the server first sends what it missed: a reconnect within
// the server's window refetches no board. Only a gap, `resync` (older than the
// server keeps, or a bulk change) or a reconnect the server could not replay
// refetches once; `degraded` is kept for a server that still sends it.
import { useEffect } from "react";
import type { Query, QueryClient } from "@tanstack/react-query";
import type { User } from "@contract/schemas/user";
import { isStaffRole } from "@contract/constants";
import { queryClient, AUTH_USER_KEY } from "./query-client";
import { applyLoadEvent, parseLoadEvent, type LoadEventData } from "./live-cache";
import { applyMessageEvent } from "./message-cache";

/** What a refetch names: each a set of query keys (first element the URL, as every hook keys them). */
export type LiveTopic = "loads" | "bids" | "stats" | "users" | "notifications";
const ALL_TOPICS: LiveTopic[] = ["loads", "bids", "stats", "users", "notifications"];
/** everything but the loads lists: what a reconnect that missed no load version refetches */
const OWN_TOPICS: LiveTopic[] = ["bids", "stats", "users", "notifications"];

const first = (key: readonly unknown[]) => (typeof key[0] === "string" ? key[0] : "");
const TOPIC_KEYS: Record<LiveTopic, (key: readonly unknown[]) => boolean> = {
  loads: (k) => first(k).startsWith("/api/loads"),
  // own bids (carrier), every bid and the loads-with-bids tables (staff)
  bids: (k) => ["/api/user/bids", "/api/admin/bids"].includes(first(k)) || (first(k) === "/api/loads" && (k[1] === "with-bids" || k[1] === "bids")),
  // the stats tiles; staff's carrier lists count loads too
  stats: (k) => first(k) === "/api/stats" || first(k).startsWith("/api/users"),
  users: (k) => first(k).startsWith("/api/users"),
  // the bell; an invoice raised or paid, a waiting-time claim sent or decided, and a message arrive as a notification
  notifications: (k) =>
    first(k).startsWith("/api/notifications") || first(k).startsWith("/api/invoices") || first(k).startsWith("/api/waiting-claims") || first(k) === "/api/messages",
};

/** Does a query belong to any of these topics? */
export function queryInTopics(key: readonly unknown[], topics: readonly string[]): boolean {
  return topics.some((t) => TOPIC_KEYS[t as LiveTopic]?.(key) ?? false);
}

/** "live": notices arrive; "degraded": they do not, and polling carries the page */
export type LiveState = "connecting" | "live" | "degraded";

export interface LiveActions {
  /** refetch the queries of these topics */
  refetch(topics: LiveTopic[]): void;
  /** patch the cache with a load event; `chained`: its version directly follows the last one applied */
  patch(ev: LoadEventData, chained: boolean): void;
}

const versionOf = (data: string | undefined): number | null => {
  try {
    const v = (JSON.parse(data ?? "{}") as { version?: unknown }).version;
    return typeof v === "number" ? v : null;
  } catch {
    return null;
  }
};

/**
 * What the app does with each stream event, apart from EventSource so that it can be
 * tested (and run in Node by the 200-client test with a real QueryClient).
 */
export function createLiveHandlers(actions: LiveActions) {
  let state: LiveState = "connecting";
  // the stream or the server's notices were down since the last full refetch
  let missed = false;
  let notices = true;
  /** the last loads version applied or refetched at (null: not known yet) */
  let version: number | null = null;
  const refetchAll = () => {
    missed = false;
    notices = true;
    actions.refetch(ALL_TOPICS);
  };
  return {
    get state(): LiveState {
      return state;
    },
    get version(): number | null {
      return version;
    },
    /** a changed load, as this user may see it */
    load(data: string) {
      const ev = parseLoadEvent(data);
      if (!ev) return;
      const gap = version !== null && ev.version > version + 1;
      actions.patch(ev, version !== null && ev.version === version + 1);
      if (version === null || ev.version > version) version = ev.version;
      if (gap) refetchAll();
    },
    /** a new notification of this user's: the bell refetches its list and count */
    notification() {
      actions.refetch(["notifications"]);
    },
    change(data: string) {
      let topics: string[] = [];
      try {
        topics = (JSON.parse(data) as { topics: string[] }).topics;
      } catch {
        return;
      }
      const known = ALL_TOPICS.filter((t) => t !== "loads" && topics.includes(t));
      if (known.length) actions.refetch(known);
    },
    /** the stream is open (first time, or again after a break), at the loads version in `data` */
    ready(data?: string) {
      state = "live";
      const at = versionOf(data);
      if (missed) {
        // a break: own data may have changed unannounced; the boards only if a load did
        if (!notices || at === null || version === null || at > version) refetchAll();
        else {
          missed = false;
          actions.refetch(OWN_TOPICS);
        }
      }
      if (at !== null && (version === null || at > version)) version = at;
    },
    /** the server lost its notices: keep polling (spec intervals) until `resync` */
    degraded() {
      state = "degraded";
      missed = true;
      notices = false;
    },
    /** the server's notices are back (or it skipped versions): refetch once */
    resync(data?: string) {
      state = "live";
      refetchAll();
      const at = versionOf(data);
      version = at !== null && (version === null || at > version) ? at : version;
    },
    /** the stream broke; EventSource retries, polling carries on meanwhile */
    error() {
      state = "degraded";
      missed = true;
    },
  };
}

/** The actions on a QueryClient: refetch by topic, patch by event (the user's role picks the list rules). */
export function queryClientActions(qc: QueryClient, staff: () => boolean): LiveActions {
  return {
    refetch(topics) {
      void qc.invalidateQueries({ predicate: (q: Query) => queryInTopics(q.queryKey, topics) });
    },
    patch(ev, chained) {
      applyLoadEvent(qc, ev, { staff: staff(), chained });
    },
  };
}

export function useLiveUpdates(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/live", { withCredentials: true });
    const live = createLiveHandlers(queryClientActions(queryClient, () => isStaffRole(queryClient.getQueryData<User | null>(AUTH_USER_KEY))));
    const listeners: [string, (e: MessageEvent<string>) => void][] = [
      ["load", (e) => live.load(e.data)],
      ["change", (e) => live.change(e.data)],
      ["notification", () => live.notification()],
      // a message of the other side: into its thread's cache and the header's count at once
      ["message", (e) => applyMessageEvent(queryClient, e.data)],
      ["ready", (e) => live.ready(e.data)],
      ["degraded", () => live.degraded()],
      ["resync", (e) => live.resync(e.data)],
      ["error", () => live.error()],
    ];
    for (const [name, fn] of listeners) source.addEventListener(name, fn as EventListener);
    return () => {
      for (const [name, fn] of listeners) source.removeEventListener(name, fn as EventListener);
      source.close();
    };
  }, [enabled]);
}
