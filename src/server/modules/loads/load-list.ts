// GET /api/loads: the board's list, polled by every open board (spec §9).
// Issue 8: after a change, every open board refetches within a second (live
// updates), so the same page is asked for by thousands of carriers at once. What
// carriers share (available loads, already redacted and serialised) is read once
// per loads version; per carrier, only their own taken loads are read, and those
// too once per version. Redaction rules stay in load-visibility.ts.
import { and, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { sha256 } from "../../lib/crypto";
import { isStaffRole, type LoadStatus } from "../../../contract/constants";
import type { LoadFilters } from "../../../contract/schemas/load";
import type { ErrorDetail } from "../../../contract/errors";
import { PerVersionMemo } from "./loads-version";
import { ownTakenLoadsWhere, toLoad, visibleLoadsWhere, type Viewer } from "./load-visibility";
import { countLoads, listLoads, loadFiltersWhere, loadsVersion, type LoadListQuery } from "./loads.repository";
import { parseYmd, ukDayEnd, ukDayStart } from "./uk-day";

/** bump when the JSON shape or redaction of a load changes, so old ETags stop matching */
const LIST_SHAPE_VERSION = 1;
/** pages deeper than this are read straight from the database, not merged from caches */
const MERGE_DEPTH = 1000;
/** how every carrier sees an available load: private fields hidden (spec §5, §6) */
const ANY_CARRIER: Viewer = { id: "", role: "carrier", isAdmin: false, carrierName: null };

/** Query filters → the repository's query, with UK-day bounds (spec §5 date filter). */
export function toListQuery(f: LoadFilters): LoadListQuery {
  const details: ErrorDetail[] = [];
  const from = f.from ? parseYmd(f.from) : null;
  const to = f.to ? parseYmd(f.to) : null;
  if (f.from && !from) details.push({ path: "from", message: "Use a real date as YYYY-MM-DD" });
  if (f.to && !to) details.push({ path: "to", message: "Use a real date as YYYY-MM-DD" });
  if (details.length) throw new AppError(400, details[0].message, details);
  return {
    search: f.search || undefined,
    weight: f.weight,
    distance: f.distance,
    price: f.price,
    statuses: [...new Set(f.status)].sort() as LoadStatus[],
    equipmentType: f.equipmentType,
    carriers: [...new Set(f.carrier)].sort(),
    pickupFrom: from ? ukDayStart(...from) : undefined,
    pickupBefore: to ? ukDayEnd(...to) : undefined,
    limit: f.limit,
    offset: f.offset,
  };
}

/**
 * The list's ETag without running the list: the loads change counter (any write to
 * any load changes it, in every process) plus who is asking and what they asked for.
 */
export async function loadListEtag(opts: {
  db: DbOrTx;
  viewer: Viewer;
  query: LoadListQuery;
  readVersion?: (db: DbOrTx) => Promise<number>;
}): Promise<{ etag: string; version: number }> {
  const version = await (opts.readVersion ?? loadsVersion)(opts.db);
  const { viewer, query } = opts;
  const key = JSON.stringify([LIST_SHAPE_VERSION, viewer.id, viewer.role, viewer.isAdmin, viewer.carrierName, filterKey(query), query.limit ?? null, query.offset ?? null]);
  return { etag: `"${version}-${sha256(key).slice(0, 20)}"`, version };
}

/** The filters of a list query, without paging: what a count depends on. */
function filterKey(q: LoadListQuery): string {
  return JSON.stringify([
    q.search ?? null,
    q.weight ?? null,
    q.distance ?? null,
    q.price ?? null,
    q.statuses,
    q.equipmentType ?? null,
    q.carriers,
    q.pickupFrom?.getTime() ?? null,
    q.pickupBefore?.getTime() ?? null,
  ]);
}

/** A load as the list sends it: its JSON for this kind of viewer, and what the list order needs. */
interface Card {
  pickup: number | null;
  id: string;
  json: string;
}
const toCards = (rows: LoadRow[], viewer: Viewer): Card[] =>
  rows.map((row) => ({ pickup: row.pickupDate?.getTime() ?? null, id: row.id, json: JSON.stringify(toLoad(row, viewer)) }));

// Per loads version: a new version (any write, in any process) makes them unreachable.
// Bounded by filter shapes (a board's page is ~60 KB): cleared when full.
const sharedCounts = new PerVersionMemo<number>(2_000);
const sharedCards = new PerVersionMemo<Card[]>(100);

/** The contract's list order (loads.repository LIST_ORDER): newest pickup first, no date last, then id. */
function listOrder(a: Card, b: Card): number {
  const pa = a.pickup;
  const pb = b.pickup;
  if (pa !== pb) {
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pb - pa;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The first n of two lists already in list order. */
function mergeFirst(a: Card[], b: Card[], n: number): Card[] {
  const out: Card[] = [];
  let i = 0;
  let j = 0;
  while (out.length < n && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && listOrder(a[i], b[j]) <= 0)) out.push(a[i++]);
    else out.push(b[j++]);
  }
  return out;
}

export async function listVisibleLoads(opts: {
  db: DbOrTx;
  viewer: Viewer;
  query: LoadListQuery;
  version: number;
}): Promise<{ json: string; total: number }> {
  const { db, viewer, query, version } = opts;
  const filters = loadFiltersWhere(query);
  const offset = query.offset ?? 0;
  const fkey = filterKey(query);

  // The whole list, or a deep page: straight from the database.
  if (query.limit == null || offset + query.limit > MERGE_DEPTH) {
    const where = and(visibleLoadsWhere(viewer), filters);
    const paged = query.limit != null || offset > 0;
    const [rows, total] = await Promise.all([
      listLoads(db, where, { limit: query.limit, offset }),
      paged ? countVisible(db, viewer, fkey, filters, version) : Promise.resolve(-1),
    ]);
    return { json: JSON.stringify(rows.map((r) => toLoad(r, viewer))), total: total < 0 ? rows.length : total };
  }

  const n = offset + query.limit;
  let cards: Card[];
  let total: number;
  if (isStaffRole(viewer)) {
    // staff see every field of every load: one list for all of them
    [cards, total] = await Promise.all([
      sharedCards.get(version, `staff|${fkey}|${n}`, async () => toCards(await listLoads(db, filters, { limit: n }), viewer)),
      sharedCount(db, `staff|${fkey}`, version, filters),
    ]);
  } else {
    const available = and(eq(loads.status, "available"), filters);
    const own = and(ownTakenLoadsWhere(viewer), filters);
    const [shared, availableTotal, mine] = await Promise.all([
      sharedCards.get(version, `available|${fkey}|${n}`, async () => toCards(await listLoads(db, available, { limit: n }), ANY_CARRIER)),
      sharedCount(db, `available|${fkey}`, version, available),
      // a carrier's own taken loads are few and theirs alone: read per request (indexed)
      listLoads(db, own, { limit: n }).then((rows) => toCards(rows, viewer)),
    ]);
    cards = mine.length ? mergeFirst(shared, mine, n) : shared;
    // fewer own loads than asked for: that is all of them, no count needed
    total = availableTotal + (mine.length < n ? mine.length : await countLoads(db, own));
  }
  return { json: `[${cards.slice(offset, n).map((c) => c.json).join(",")}]`, total };
}

const sharedCount = (db: DbOrTx, key: string, version: number, where: SQL | undefined) =>
  sharedCounts.get(version, key, () => countLoads(db, where));

/** X-Total-Count: shared available/staff part (cached) + the carrier's own taken loads (indexed). */
async function countVisible(db: DbOrTx, viewer: Viewer, fkey: string, filters: SQL | undefined, version: number): Promise<number> {
  if (isStaffRole(viewer)) return sharedCount(db, `staff|${fkey}`, version, filters);
  const [available, own] = await Promise.all([
    sharedCount(db, `available|${fkey}`, version, and(eq(loads.status, "available"), filters)),
    countLoads(db, and(ownTakenLoadsWhere(viewer), filters)),
  ]);
  return available + own;
}
