// `event: load`: a changed load travels in the
// event, as the stream's user may see it, so an open board patches itself instead of
// refetching. Per change the load is read once (one query for a batch of changes) and
// at most three views are built and serialised once each: staff, the load's holder
// (its accepting user and their company's members), every other carrier. Redaction
// is load-visibility.ts's, so it is exactly what GET /api/loads/{id} gives them.
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import { canSeeLoad, toLoad, ukToday, type Viewer } from "../loads/load-visibility";
import type { LoadChange } from "./load-feed";

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
 * The views of one change. `row` is the load as read after the change (possibly a
 * later version of it: each event carries the newest state, never an older one);
 * undefined when it was deleted. `availableDelta` tells boards how the shared
 * available count (GET /api/stats `available`) moved by this change (from the log's
 * before and after, so replaying several changes of one load adds up).
 */
export function loadEventViews(change: LoadChange & { loadId: string }, row: LoadRow | undefined, now: Date): LoadEventViews {
  const today = ukToday(now);
  // an insert names no former state: it was on no board
  const was = change.kind !== "insert" && onBoard(change.oldStatus, change.oldPickupDate, today);
  const is = change.kind !== "delete" && onBoard(change.newStatus, change.newPickupDate, today);
  const delta = Number(is) - Number(was);
  const serialise = (viewer: Viewer) =>
    JSON.stringify({
      version: change.version,
      id: change.loadId,
      load: row && canSeeLoad(row, viewer) ? toLoad(row, viewer, now) : null,
      // a new row: no list counted it before (a board may add it to its total exactly)
      ...(change.kind === "insert" ? { created: true } : {}),
      ...(delta ? { availableDelta: delta } : {}),
    });
  const holderViewer: Viewer | null = row && (row.acceptedBy || row.acceptedByCarrier)
    ? { id: row.acceptedBy ?? "", role: "carrier", isAdmin: false, carrierName: row.acceptedByCarrier }
    : null;
  const other = serialise(OTHER);
  const userIds = [row?.acceptedBy, change.oldAcceptedBy].filter((x): x is string => !!x);
  const carrierNames = [row?.acceptedByCarrier, change.oldAcceptedByCarrier].filter((x): x is string => !!x);
  return {
    version: change.version,
    id: change.loadId,
    staff: serialise(STAFF),
    holder: holderViewer ? serialise(holderViewer) : other,
    other,
    holders: { userIds: [...new Set(userIds)], carrierNames: [...new Set(carrierNames)] },
    isHolder: (userId, carrierName) =>
      !!row && ((!!row.acceptedBy && userId === row.acceptedBy) || (!!row.acceptedByCarrier && carrierName === row.acceptedByCarrier)),
  };
}
