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
import { ownTakenLoadsWhere, ownTakenLoadsWherePrepared, toLoad, visibleLoadsWhere, type Viewer } from "./load-visibility";
import { LIST_ORDER, countLoads, listLoads, loadFiltersWhere, loadsVersion, type LoadListQuery } from "./loads.repository";
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

/**
 * The board list of one app (one database): its caches live here, never in the
 * module, so two apps in one process (tests, a second process's app) never share them.
 */
export class BoardList {
  // Per loads version: a new version (any write, in any process) makes them unreachable.
  // Bounded by filter shapes (a board's page is ~60 KB): cleared when full.
  private readonly sharedCounts = new PerVersionMemo<number>(2_000);
  private readonly sharedCards = new PerVersionMemo<Card[]>(100);
  /** a page exactly as sent, when it holds no load of the viewer's own */
  private readonly sharedPages = new PerVersionMemo<Buffer>(100);
  /** a carrier's own taken loads per filter and depth: prepared once, run for every carrier */
  private ownQueries = new Map<string, OwnLoadsQuery>();

  constructor(private readonly db: DbOrTx) {}

  async list(viewer: Viewer, query: LoadListQuery, version: number): Promise<{ body: string | Buffer; total: number }> {
    const { db } = this;
    const filters = loadFiltersWhere(query);
    const offset = query.offset ?? 0;
    const fkey = filterKey(query);

    // The whole list, or a deep page: straight from the database.
    if (query.limit == null || offset + query.limit > MERGE_DEPTH) {
      const where = and(visibleLoadsWhere(viewer), filters);
      const paged = query.limit != null || offset > 0;
      const [rows, total] = await Promise.all([
        listLoads(db, where, { limit: query.limit, offset }),
        paged ? this.countVisible(viewer, fkey, filters, version) : Promise.resolve(-1),
      ]);
      return { body: JSON.stringify(rows.map((r) => toLoad(r, viewer))), total: total < 0 ? rows.length : total };
    }

    const n = offset + query.limit;
    const page = (cards: Card[]) => `[${cards.slice(offset, n).map((c) => c.json).join(",")}]`;
    const sharedPage = (kind: string, cards: Card[]) =>
      this.sharedPages.get(version, `${kind}|${fkey}|${n}|${offset}`, async () => Buffer.from(page(cards)));
    if (isStaffRole(viewer)) {
      // staff see every field of every load: one list for all of them
      const [cards, total] = await Promise.all([
        this.sharedCards.get(version, `staff|${fkey}|${n}`, async () => toCards(await listLoads(db, filters, { limit: n }), viewer)),
        this.sharedCount(`staff|${fkey}`, version, filters),
      ]);
      return { body: await sharedPage("staff", cards), total };
    } else {
      const available = and(eq(loads.status, "available"), filters);
      const [shared, availableTotal, mine] = await Promise.all([
        this.sharedCards.get(version, `available|${fkey}|${n}`, async () => toCards(await listLoads(db, available, { limit: n }), ANY_CARRIER)),
        this.sharedCount(`available|${fkey}`, version, available),
        // a carrier's own taken loads are few and theirs alone: read per request (indexed)
        this.ownQuery(fkey, filters, n)
          .execute({ viewerId: viewer.id, carrierName: viewer.carrierName })
          .then((rows) => toCards(rows as LoadRow[], viewer)),
      ]);
      // fewer own loads than asked for: that is all of them, no count needed
      const total = availableTotal + (mine.length < n ? mine.length : await countLoads(db, and(ownTakenLoadsWhere(viewer), filters)));
      return { body: mine.length ? page(mergeFirst(shared, mine, n)) : await sharedPage("available", shared), total };
    }
  }

  /** (issue 8 profile: building a 55-column select per request was a fifth of the board page's CPU) */
  private ownQuery(fkey: string, filters: SQL | undefined, n: number): OwnLoadsQuery {
    const key = `${fkey}|${n}`;
    let q = this.ownQueries.get(key);
    if (!q) {
      if (this.ownQueries.size >= 500) this.ownQueries = new Map();
      q = this.db
        .select()
        .from(loads)
        .where(and(ownTakenLoadsWherePrepared(), filters))
        .orderBy(...LIST_ORDER)
        .limit(n)
        .prepare(`own_loads_${sha256(key).slice(0, 16)}`);
      this.ownQueries.set(key, q);
    }
    return q;
  }

  private sharedCount(key: string, version: number, where: SQL | undefined): Promise<number> {
    return this.sharedCounts.get(version, key, () => countLoads(this.db, where));
  }

  /** X-Total-Count: shared available/staff part (cached) + the carrier's own taken loads (indexed). */
  private async countVisible(viewer: Viewer, fkey: string, filters: SQL | undefined, version: number): Promise<number> {
    if (isStaffRole(viewer)) return this.sharedCount(`staff|${fkey}`, version, filters);
    const [available, own] = await Promise.all([
      this.sharedCount(`available|${fkey}`, version, and(eq(loads.status, "available"), filters)),
      countLoads(this.db, and(ownTakenLoadsWhere(viewer), filters)),
    ]);
    return available + own;
  }
}

type OwnLoadsQuery = { execute(params: { viewerId: string; carrierName: string | null }): Promise<unknown[]> };
