// Live updates (issue 8): the server's change notices (SSE, /api/live) make open
// boards and dashboards refetch at once; polling at the spec §9 intervals stays
// as the fallback whenever the stream is down (EventSource reconnects by itself).
import { useEffect } from "react";
import type { Query } from "@tanstack/react-query";
import { queryClient } from "./query-client";

const PREFIXES: Record<string, string[]> = {
  loads: ["/api/loads", "/api/stats", "/api/admin/bids", "/api/users"],
  bids: ["/api/user/bids", "/api/admin/bids", "/api/loads"],
  users: ["/api/users"],
};

function matches(query: Query, prefixes: string[]): boolean {
  const first = query.queryKey[0];
  return typeof first === "string" && prefixes.some((p) => first.startsWith(p));
}

export function useLiveUpdates(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/live", { withCredentials: true });
    const onChange = (e: MessageEvent<string>) => {
      let topics: string[] = [];
      try {
        topics = (JSON.parse(e.data) as { topics: string[] }).topics;
      } catch {
        return;
      }
      const prefixes = [...new Set(topics.flatMap((t) => PREFIXES[t] ?? []))];
      if (prefixes.length) void queryClient.invalidateQueries({ predicate: (q) => matches(q, prefixes) });
    };
    source.addEventListener("change", onChange as EventListener);
    return () => {
      source.removeEventListener("change", onChange as EventListener);
      source.close();
    };
  }, [enabled]);
}
