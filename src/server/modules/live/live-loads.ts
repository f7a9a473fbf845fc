// `event: load`: a changed load travels in the
// event, as the stream's user may see it, so an open board patches itself instead of
// refetching. Per event the load is read once (one query for a burst of events) and
// at most three views are built and serialised once each: staff, the load's holder
// (its accepting user and their company's members), every other carrier. Redaction
// is load-visibility.ts's, so it is exactly what GET /api/loads/{id} gives them.
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import { canSeeLoad, toLoad, ukToday, type Viewer } from "../loads/load-visibility";

/** One NOTIFY 'load_changed' (migration 0012): a row's version and what it was before. */
export interface LoadNotice {
  v: number;
  id?: string;
  /** a statement of more rows than the trigger names one by one: versions v-n+1 … v */
  n?: number;
  /** before the change (null for an insert): status, pickup date, accepting user, their company */
  os?: string | null;
  op?: string | null;
  ou?: string | null;
  oc?: string | null;
}

export function parseLoadNotice(payload: string): LoadNotice | null {
  try {
    const p = JSON.parse(payload) as LoadNotice;
    return typeof p.v === "number" ? p : null;
  } catch {
    return null;
  }
}

const STAFF: Viewer = { id: "", role: "admin", isAdmin: true, carrierName: null };
/** a carrier with no part in the load: what the board shows everyone */
const OTHER: Viewer = { id: "", role: "carrier", isAdmin: false, carrierName: null };

/** The serialised `event: load` data for each kind of viewer of one changed load. */
export interface LoadEventViews {
  version: number;
  id: string;
  staff: string;
  holder: string;
  other: string;
  /** who holds the load now and held it before: their own bookings and stats changed */
  holders: { userIds: string[]; carrierNames: string[] };
  /** is this stream's user the load's holder (accepted by them or their company)? */
  isHolder(userId: string | undefined, carrierName: string | null | undefined): boolean;
}

const onBoard = (status: string | null | undefined, pickup: Date | null, today: Date) =>
  status === "available" && (pickup === null || pickup.getTime() >= today.getTime());

/** Read the named loads in one query (a burst of events shares it). */
export async function readChangedLoads(db: DbOrTx, ids: string[]): Promise<Map<string, LoadRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(loads).where(inArray(loads.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The views of one change. `row` is the load as read after the notice (possibly a
 * later version of it: each event carries the newest state, never an older one);
 * undefined when it was deleted. `availableDelta` tells boards how the shared
 * available count (GET /api/stats `available`) moved.
 */
export function loadEventViews(notice: LoadNotice & { id: string }, row: LoadRow | undefined, now: Date): LoadEventViews {
  const today = ukToday(now);
  // an insert names no former state: it was on no board
  const was = notice.os !== undefined && onBoard(notice.os, notice.op ? new Date(notice.op) : null, today);
  const is = !!row && onBoard(row.status, row.pickupDate, today);
  const delta = Number(is) - Number(was);
  const serialise = (viewer: Viewer) =>
    JSON.stringify({
      version: notice.v,
      id: notice.id,
      load: row && canSeeLoad(row, viewer) ? toLoad(row, viewer, now) : null,
      // a new row: no list counted it before (a board may add it to its total exactly)
      ...(notice.os === undefined ? { created: true } : {}),
      ...(delta ? { availableDelta: delta } : {}),
    });
  const holderViewer: Viewer | null = row && (row.acceptedBy || row.acceptedByCarrier)
    ? { id: row.acceptedBy ?? "", role: "carrier", isAdmin: false, carrierName: row.acceptedByCarrier }
    : null;
  const other = serialise(OTHER);
  const userIds = [row?.acceptedBy, notice.ou].filter((x): x is string => !!x);
  const carrierNames = [row?.acceptedByCarrier, notice.oc].filter((x): x is string => !!x);
  return {
    version: notice.v,
    id: notice.id,
    staff: serialise(STAFF),
    holder: holderViewer ? serialise(holderViewer) : other,
    other,
    holders: { userIds: [...new Set(userIds)], carrierNames: [...new Set(carrierNames)] },
    isHolder: (userId, carrierName) =>
      !!row && ((!!row.acceptedBy && userId === row.acceptedBy) || (!!row.acceptedByCarrier && carrierName === row.acceptedByCarrier)),
  };
}
