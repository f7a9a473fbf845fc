// Live updates (issue 8): the server's change notices (SSE, /api/live) make open
// boards and dashboards refetch at once; polling at the spec §9 intervals stays
// on underneath, so it is all there is whenever the stream is down (EventSource
// reconnects by itself) or the server says its notices are (`degraded`, issue 14).
// When notices flow again (`resync`, or the stream is back after a break) every
// live query is refetched once: changes made in between were never announced.
import { useEffect } from "react";
import type { Query } from "@tanstack/react-query";
import { queryClient } from "./query-client";

const PREFIXES: Record<string, string[]> = {
  loads: ["/api/loads", "/api/stats", "/api/admin/bids", "/api/users"],
  bids: ["/api/user/bids", "/api/admin/bids", "/api/loads"],
  users: ["/api/users"],
  // issue 16: the bell; refetched on `event: notification` and with everything after a break.
  // Issue 18: an invoice raised or paid arrives as a notification, so My Invoices refetches too
  notifications: ["/api/notifications", "/api/invoices"],
};
const ALL_PREFIXES = [...new Set(Object.values(PREFIXES).flat())];

function matches(query: Query, prefixes: string[]): boolean {
  const first = query.queryKey[0];
  return typeof first === "string" && prefixes.some((p) => first.startsWith(p));
}

/** "live": notices arrive; "degraded": they do not, and polling carries the page */
export type LiveState = "connecting" | "live" | "degraded";

/**
 * What the app does with each stream event, apart from EventSource so that it can
 * be tested: `refetch` is given the query-key prefixes to refetch.
 */
export function createLiveHandlers(refetch: (prefixes: string[]) => void) {
  let state: LiveState = "connecting";
  // the stream or the server's notices were down since the last full refetch
  let missed = false;
  const refetchAll = () => {
    missed = false;
    refetch(ALL_PREFIXES);
  };
  return {
    get state(): LiveState {
      return state;
    },
    /** a new notification of this user's: the bell refetches its list and count */
    notification() {
      refetch(PREFIXES.notifications);
    },
    change(data: string) {
      let topics: string[] = [];
      try {
        topics = (JSON.parse(data) as { topics: string[] }).topics;
      } catch {
        return;
      }
      const prefixes = [...new Set(topics.flatMap((t) => PREFIXES[t] ?? []))];
      if (prefixes.length) refetch(prefixes);
    },
    /** the stream is open (first time, or again after a break) */
    ready() {
      state = "live";
      if (missed) refetchAll();
    },
    /** the server lost its notices: keep polling (spec intervals) until `resync` */
    degraded() {
      state = "degraded";
      missed = true;
    },
    /** the server's notices are back: refetch once */
    resync() {
      state = "live";
      refetchAll();
    },
    /** the stream broke; EventSource retries, polling carries on meanwhile */
    error() {
      state = "degraded";
      missed = true;
    },
  };
}

export function useLiveUpdates(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/live", { withCredentials: true });
    const live = createLiveHandlers((prefixes) => {
      void queryClient.invalidateQueries({ predicate: (q) => matches(q, prefixes) });
    });
    const listeners: [string, (e: MessageEvent<string>) => void][] = [
      ["change", (e) => live.change(e.data)],
      ["notification", () => live.notification()],
      ["ready", () => live.ready()],
      ["degraded", () => live.degraded()],
      ["resync", () => live.resync()],
      ["error", () => live.error()],
    ];
    for (const [name, fn] of listeners) source.addEventListener(name, fn as EventListener);
    return () => {
      for (const [name, fn] of listeners) source.removeEventListener(name, fn as EventListener);
      source.close();
    };
  }, [enabled]);
}
