// GET /api/loads: the board's list, polled by every open board.
// After a change, every open board refetches within a second (live
// updates), so the same page is asked for by thousands of carriers at once. What
// carriers share (available loads, already redacted and serialised) is read once
// per loads version, and each page of it is kept as bytes, compressed once per
// encoding (board-page.ts). Per carrier, one indexed probe per version
// says whether they hold any load; only those who do have their own loads read
// (sort keys, then full rows for the few on the page). Redaction rules stay in
// load-visibility.ts.
import { and, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { sha256 } from "../../lib/crypto";
import { isStaffRole } from "../../../contract/constants";
import { NEAR_MILES, type LoadFilters, type LoadSort } from "../../../contract/schemas/load";
import type { Config } from "../../config";
import { nearQueryOf, resolveNear } from "../distance/distance.service";
import { pageOf } from "../../../contract/schemas/page";
import type { ErrorDetail } from "../../../contract/errors";
import { PerVersionMemo } from "./loads-version";
import { PageBytes } from "../../plugins/page-bytes";
import { onBoardWhere, ownTakenLoadsWhere, ownTakenLoadsWherePrepared, toLoad, ukToday, visibleLoadsWhere, type Viewer } from "./load-visibility";
import { compareSorted, countLoads, listLoads, listOrder, loadFiltersWhere, loadsVersion, sortValue, type LoadListQuery } from "./loads.repository";
import { parseYmd, ukDayEnd, ukDayStart } from "./uk-day";

/** bump when the JSON shape, order or redaction of a load changes, so old ETags stop matching */
const LIST_SHAPE_VERSION = 3;
/** pages deeper than this are read straight from the database, not merged from caches (LIST_MAX: a page without a limit is merged) */
const MERGE_DEPTH = 1000;
/** how every carrier sees an available load: private fields hidden */
const ANY_CARRIER: Viewer = { id: "", role: "carrier", isAdmin: false, carrierName: null };

/**
 * Query filters → the repository's query, with UK-day bounds for the date filter
 * and the start of today in UK time at `now` (loads picked up before it have expired), which every cache
 * key and ETag below carries: a board changes when UK midnight passes.
 */
export function toListQuery(f: LoadFilters, now: Date): LoadListQuery {
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
    statuses: [...new Set(f.status)].sort(),
    today: ukToday(now),
    equipmentType: f.equipmentType,
    carriers: [...new Set(f.carrier)].sort(),
    pickupFrom: from ? ukDayStart(...from) : undefined,
    pickupBefore: to ? ukDayEnd(...to) : undefined,
    // the districts are added by withNearDistricts (they need the postcode table)
    pickupNear: f.pickupNear ? { ...nearQueryOf(f.pickupNear, f.pickupMiles ?? NEAR_MILES.default, "pickupNear"), districts: [] } : undefined,
    deliveryNear: f.deliveryNear ? { ...nearQueryOf(f.deliveryNear, f.deliveryMiles ?? NEAR_MILES.default, "deliveryNear"), districts: [] } : undefined,
    sort: f.sort,
    // contract: without a limit at most 1,000 loads, the true total in X-Total-Count
    ...pageOf(f),
  };
}

/** The query with the districts of its near filters filled in (400 for an unknown postcode, 503 without a table). */
export async function withNearDistricts(query: LoadListQuery, config: Pick<Config, "postcodeData">): Promise<LoadListQuery> {
  if (!query.pickupNear && !query.deliveryNear) return query;
  const near = await resolveNear(config, { pickup: query.pickupNear, delivery: query.deliveryNear });
  return { ...query, pickupNear: near.pickup, deliveryNear: near.delivery };
}

/**
 * The list's ETag without running the list: the loads change counter (any write to
 * any load changes it, in every process) plus who is asking and what they asked for.
 */
export async function loadListEtag(opts: {
  db: DbOrTx;
  viewer: Viewer;
  query: LoadListQuery;
  /** queryKey(query), when the caller has it already */
  queryKey?: string;
  readVersion?: (db: DbOrTx) => Promise<number>;
}): Promise<{ etag: string; version: number }> {
  const version = await (opts.readVersion ?? loadsVersion)(opts.db);
  const { viewer, query } = opts;
  const key = JSON.stringify([LIST_SHAPE_VERSION, viewer.id, viewer.role, viewer.isAdmin, viewer.carrierName, opts.queryKey ?? queryKey(query)]);
  let hash = etagHashes.get(key);
  if (hash === undefined) {
    if (etagHashes.size >= 20_000) etagHashes.clear();
    hash = sha256(key).slice(0, 20);
    etagHashes.set(key, hash);
  }
  return { etag: `"${version}-${hash}"`, version };
}
/**
 * The hashed part of each viewer and query's ETag (it does not change with the
 * version): a poll hashes nothing. Hashing stays, so the ETag does not show whose it is.
 */
const etagHashes = new Map<string, string>();

/** What a list's answer depends on besides the viewer and the data: its filters, sort and paging. */
export function queryKey(q: LoadListQuery): string {
  return JSON.stringify([filterKey(q), q.sort, q.limit, q.offset]);
}

/** A board request's query as parsed, with the keys the ETag and the caches use. */
export interface ParsedBoardQuery {
  query: LoadListQuery;
  /** queryKey(query) */
  key: string;
  /** the filters alone (filterKey) */
  fkey: string;
}

/**
 * Board queries by their query string and UK day, as parsed: every open board sends
 * the same few query strings every few seconds, and checking, parsing and keying one
 * each time was a large share of an unchanged poll's CPU. The answer depends on
 * nothing else (the near filters' districts come from the process's postcode table),
 * so it is the same answer; only queries that parsed are kept (one refused is refused
 * afresh each time). Bounded; cleared when full.
 */
export class BoardQueries {
  private entries = new Map<string, Promise<ParsedBoardQuery>>();
  constructor(private readonly max = 1_000) {}

  get(rawQuery: string, today: Date, parseQuery: () => Promise<LoadListQuery>): Promise<ParsedBoardQuery> {
    const key = `${today.getTime()}|${rawQuery}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    if (this.entries.size >= this.max) this.entries = new Map();
    const entries = this.entries;
    const value = parseQuery().then((query) => ({ query, key: queryKey(query), fkey: filterKey(query) }));
    entries.set(key, value);
    value.catch(() => {
      if (entries.get(key) === value) entries.delete(key);
    });
    return value;
  }
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
    q.today.getTime(),
    // the districts follow from the postcode and the radius (one table per process)
    q.pickupNear ? [q.pickupNear.outward, q.pickupNear.miles] : null,
    q.deliveryNear ? [q.deliveryNear.outward, q.deliveryNear.miles] : null,
  ]);
}

/** A load as the list sends it: its JSON for this kind of viewer, and what the list order needs. */
interface Card {
  /** the value the list is sorted by (loads.repository sortValue) */
  key: number | null;
  id: string;
  json: string;
}
const toCards = (rows: LoadRow[], viewer: Viewer, sort: LoadSort, today: Date): Card[] =>
  rows.map((row) => ({ key: sortValue(sort, row), id: row.id, json: JSON.stringify(toLoad(row, viewer, today)) }));

/** The first n of two lists already in the sort's order (loads.repository compareSorted = listOrder). */
function mergeFirst(a: Card[], b: Card[], n: number, sort: LoadSort): Card[] {
  const order = compareSorted(sort);
  const out: Card[] = [];
  let i = 0;
  let j = 0;
  while (out.length < n && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && order(a[i], b[j]) <= 0)) out.push(a[i++]);
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
  /** a page exactly as sent (and its br/gzip forms), when it holds no load of the viewer's own */
  private readonly sharedPages = new PerVersionMemo<PageBytes>(100);
  /**
   * Whether a carrier (by id and company) holds any taken load, per loads version:
   * one indexed probe per carrier and version. Three quarters of carriers hold
   * none and are answered from the shared page without another read.
   */
  private readonly holdsAny = new PerVersionMemo<boolean>(20_000);
  private readonly holdsQuery: HoldsQuery;
  /** a carrier's own taken loads per filter and depth, as sort keys: prepared once, run for every carrier who has any */
  private ownQueries = new Map<string, OwnKeysQuery>();

  constructor(private readonly db: DbOrTx) {
    this.holdsQuery = db
      .select({ id: loads.id })
      .from(loads)
      .where(ownTakenLoadsWherePrepared())
      .limit(1)
      .prepare("own_loads_any");
  }

  async list(viewer: Viewer, query: LoadListQuery, version: number, fkey = filterKey(query)): Promise<{ body: string | PageBytes; total: number }> {
    const { db } = this;
    // Built only when something is read: a page served from the caches builds no SQL
    // (building it for every request was most of a shared page's CPU).
    let built: SQL | undefined | null = null;
    const where = () => (built === null ? (built = loadFiltersWhere(query)) : built);
    const { offset, limit, sort, today } = query;

    // A deep page: straight from the database (the caches hold the first MERGE_DEPTH).
    if (offset + limit > MERGE_DEPTH) {
      const filters = where();
      const visible = and(visibleLoadsWhere(viewer, today), filters);
      const [rows, total] = await Promise.all([listLoads(db, visible, { limit, offset, sort }), this.countVisible(viewer, fkey, filters, version, today)]);
      return { body: JSON.stringify(rows.map((r) => toLoad(r, viewer, today))), total };
    }

    const n = offset + limit;
    const listKey = `${fkey}|${sort}|${n}`;
    const page = (cards: Card[]) => `[${cards.slice(offset, n).map((c) => c.json).join(",")}]`;
    const sharedPage = (kind: string, cards: Card[]) =>
      this.sharedPages.get(version, `${kind}|${listKey}|${offset}`, async () => new PageBytes(Buffer.from(page(cards))));
    if (isStaffRole(viewer)) {
      // staff see every field of every load: one list for all of them
      const [cards, total] = await Promise.all([
        this.sharedCards.get(version, `staff|${listKey}`, async () => toCards(await listLoads(db, where(), { limit: n, sort }), viewer, sort, today)),
        this.sharedCount(`staff|${fkey}`, version, where),
      ]);
      return { body: await sharedPage("staff", cards), total };
    }
    // the board: available loads whose pickup day has not ended (contract expiry)
    const available = () => and(onBoardWhere(today), where());
    const [shared, availableTotal, holds] = await Promise.all([
      this.sharedCards.get(version, `available|${listKey}`, async () =>
        toCards(await listLoads(db, available(), { limit: n, sort }), ANY_CARRIER, sort, today),
      ),
      this.sharedCount(`available|${fkey}`, version, available),
      this.holdsAnyLoad(viewer, version),
    ]);
    // most carriers: the shared page's bytes, nothing read for them alone
    if (!holds) return { body: await sharedPage("available", shared), total: availableTotal };

    // A carrier with loads of their own: their sort keys (a few narrow columns, indexed)
    // are merged with the shared cards; full rows are read only for their loads on this page.
    const mineKeys = (await this.ownQuery(fkey, where, n, sort).execute({ viewerId: viewer.id, carrierName: viewer.carrierName })) as OwnKeyRow[];
    const ownCards: Card[] = mineKeys.map((r) => ({ key: sortValue(sort, r as LoadRow), id: r.id, json: "" }));
    // fewer own loads than asked for: that is all of them, no count needed
    const total = availableTotal + (mineKeys.length < n ? mineKeys.length : await countLoads(db, and(ownTakenLoadsWhere(viewer), where())));
    const firstN = mergeFirst(shared, ownCards, n, sort);
    // none of theirs within the first n: the page is the shared one
    if (firstN.every((c) => c.json)) return { body: await sharedPage("available", shared), total };
    const merged = firstN.slice(offset, n);
    const ownOnPage = merged.filter((c) => !c.json).map((c) => c.id);
    const rows = ownOnPage.length ? await db.select().from(loads).where(and(inArray(loads.id, ownOnPage), ownTakenLoadsWhere(viewer))) : [];
    const json = new Map(rows.map((r) => [r.id, JSON.stringify(toLoad(r, viewer, today))]));
    // a load taken from them between the two reads is left out (the next version's page has it right)
    const cards = merged.flatMap((c) => (c.json ? [c] : json.has(c.id) ? [{ ...c, json: json.get(c.id)! }] : []));
    return { body: `[${cards.map((c) => c.json).join(",")}]`, total };
  }

  /** Does this carrier (or their company) hold any accepted, approved or completed load? */
  private holdsAnyLoad(viewer: Viewer, version: number): Promise<boolean> {
    return this.holdsAny.get(version, `${viewer.id}|${viewer.carrierName ?? ""}`, async () => {
      const rows = await this.holdsQuery.execute({ viewerId: viewer.id, carrierName: viewer.carrierName });
      return rows.length > 0;
    });
  }

  /** Prepared once per filter, sort and size: building a select per request was a fifth of the board page's CPU; only the sort keys are read, not all 55 columns */
  private ownQuery(fkey: string, filters: () => SQL | undefined, n: number, sort: LoadSort): OwnKeysQuery {
    const key = `${fkey}|${sort}|${n}`;
    let q = this.ownQueries.get(key);
    if (!q) {
      if (this.ownQueries.size >= 500) this.ownQueries = new Map();
      q = this.db
        .select(OWN_KEY_COLUMNS)
        .from(loads)
        .where(and(ownTakenLoadsWherePrepared(), filters()))
        .orderBy(...listOrder(sort))
        .limit(n)
        .prepare(`own_keys_${sha256(key).slice(0, 16)}`);
      this.ownQueries.set(key, q);
    }
    return q;
  }

  private sharedCount(key: string, version: number, where: () => SQL | undefined): Promise<number> {
    return this.sharedCounts.get(version, key, () => countLoads(this.db, where()));
  }

  /** X-Total-Count: shared available/staff part (cached) + the carrier's own taken loads (indexed). */
  private async countVisible(viewer: Viewer, fkey: string, filters: SQL | undefined, version: number, today: Date): Promise<number> {
    if (isStaffRole(viewer)) return this.sharedCount(`staff|${fkey}`, version, () => filters);
    const [available, own] = await Promise.all([
      this.sharedCount(`available|${fkey}`, version, () => and(onBoardWhere(today), filters)),
      countLoads(this.db, and(ownTakenLoadsWhere(viewer), filters)),
    ]);
    return available + own;
  }
}

/** What merging a carrier's own loads into the shared list needs: the id and every sort's value (loads.repository sortValue). */
const OWN_KEY_COLUMNS = {
  id: loads.id,
  pickupDate: loads.pickupDate,
  price: loads.price,
  ratePerMile: loads.ratePerMile,
  distance: loads.distance,
  createdAt: loads.createdAt,
};
type OwnKeyRow = { id: string; pickupDate: Date | null; price: number; ratePerMile: number | null; distance: number | null; createdAt: Date };
type ViewerParams = { viewerId: string; carrierName: string | null };
type OwnKeysQuery = { execute(params: ViewerParams): Promise<unknown[]> };
type HoldsQuery = { execute(params: ViewerParams): Promise<unknown[]> };
