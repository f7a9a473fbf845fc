// `event: load` → the React Query cache, in place:
// the changed load replaces, enters or leaves every cached GET /api/loads list as the
// server's list rules say (load-list-match.ts), its detail is updated, and the board's
// available tile moves by the event's availableDelta. No request is made: a board
// that held the list before the event holds the server's list after it. Where a list
// cannot be patched exactly (a card should slide in from the next page, a "near"
// filter, a deeper page) it is patched as far as it can be and left to its poll.
// Plain functions of a QueryClient: the app and the 200-client test run the same code.
import type { QueryClient } from "@tanstack/react-query";
import type { Load, Stats } from "@contract/schemas/load";
import { advanceEtag } from "./api";
import { compareLoads, matchesList, parseListUrl } from "./load-list-match";

/** The data of `event: load`. */
export interface LoadEventData {
  version: number;
  id: string;
  load: Load | null;
  /** how the shared available count (GET /api/stats `available`) moved, when not 0 */
  availableDelta?: number;
  /** the load is new: no list counted it before */
  created?: boolean;
}

export function parseLoadEvent(data: string): LoadEventData | null {
  try {
    const e = JSON.parse(data) as LoadEventData;
    return typeof e.version === "number" && typeof e.id === "string" && e.load !== undefined ? e : null;
  } catch {
    return null;
  }
}

/** A cached list: what useLoads and useAdminLoads keep. */
interface ListData {
  loads: Load[];
  total: number;
}

/** The list with the event applied, and whether it is now exactly the server's list. */
export function patchList(data: ListData, url: string, ev: LoadEventData, staff: boolean): { data: ListData; exact: boolean } {
  const q = parseListUrl(url);
  const at = data.loads.findIndex((l) => l.id === ev.id);
  const match = ev.load ? matchesList(ev.load, q, staff) : false;
  // the page holds every match from its offset on: a load not on it did not match before
  const complete = data.total <= q.offset + data.loads.length;
  const loads = data.loads.slice();
  let total = data.total;
  let exact = true;
  if (at >= 0) loads.splice(at, 1);
  if (match === null) {
    // cannot tell (near filter): keep a card that was there, fresh; add nothing
    if (at >= 0) loads.splice(at, 0, ev.load!);
    return { data: { loads, total }, exact: false };
  }
  if (at >= 0 && !match) {
    total--;
    // a card from the next page should take its place: the poll brings it
    if (total > q.offset + loads.length) exact = false;
  } else if (at < 0 && !match && !complete) {
    // it may have been on another page, counted in the total
    exact = false;
  } else if (match) {
    const order = compareLoads(q.sort);
    let i = loads.findIndex((l) => order(ev.load!, l) < 0);
    if (i < 0) i = loads.length;
    if (at < 0) {
      // unless new, it may already have been counted on another page
      if (!complete && !ev.created) exact = false;
      total++;
    }
    if (q.offset > 0 && i === 0) {
      // it sorts before this page (or at its top): the pages shift, the poll brings this one
      exact = false;
      if (at >= 0) loads.splice(0, 0, ev.load!);
    } else if (i < q.limit) {
      loads.splice(i, 0, ev.load!);
      if (loads.length > q.limit) loads.length = q.limit;
    } else if (at >= 0) {
      // it moved past the end of a full page: the next page's first card should come up
      exact = false;
    }
  }
  return { data: { loads, total }, exact };
}

/**
 * Apply one `event: load` to every cached loads query of this client. `chained`: the
 * event's version follows the last one this client applied, so a list exactly patched
 * from version v-1 is the server's list at v and its poll may answer 304.
 */
export function applyLoadEvent(qc: QueryClient, ev: LoadEventData, opts: { staff: boolean; chained: boolean }): void {
  for (const query of qc.getQueryCache().findAll({ queryKey: ["/api/loads"] })) {
    const [, kind, arg] = query.queryKey as [string, string?, string?];
    if ((kind === "list" || kind === "admin") && typeof arg === "string") {
      const data = query.state.data as ListData | undefined;
      if (!data || !Array.isArray(data.loads)) continue;
      const next = patchList(data, arg, ev, opts.staff);
      qc.setQueryData(query.queryKey, next.data);
      if (next.exact && opts.chained) advanceEtag(arg, ev.version - 1, ev.version, next.data.loads, next.data.total);
    } else if (kind === "detail" && arg === ev.id) {
      // gone from this user's view: ask once (404 is the dialog's "no longer available")
      if (!ev.load) void qc.invalidateQueries({ queryKey: query.queryKey, exact: true });
      else qc.setQueryData(query.queryKey, withDetailParts(query.state.data, ev.load, () => void qc.invalidateQueries({ queryKey: query.queryKey, exact: true })));
    }
  }
  if (ev.availableDelta) {
    qc.setQueryData<Stats>(["/api/stats"], (s) => (s ? { ...s, available: Math.max(0, s.available + ev.availableDelta!) } : s));
  }
}

/**
 * Fields other modules add to one load's details (GET /api/loads/{id}: a booked load's
 * stops and the waiting-time terms), which the live view of the load does not carry.
 */
const DETAIL_PARTS = ["stops", "waitingTime"] as const;

/**
 * The live view with the details' own parts kept, so the booked card's Arrived/Leaving and
 * the claim form do not lose what was recorded when the load changes (a POD completing it);
 * the parts are asked for again (`refresh`) since the change may have moved them (a hand-back clears the stops).
 */
function withDetailParts(old: unknown, next: Load, refresh: () => void): Load {
  if (!old || typeof old !== "object") return next;
  const kept = DETAIL_PARTS.filter((f) => f in old);
  if (kept.length === 0) return next;
  refresh();
  return { ...next, ...Object.fromEntries(kept.map((f) => [f, (old as Record<string, unknown>)[f]])) };
}
