// Scorecards, both ways, from facts (contract-network.md): a company's record read
// from its fact rows, the network's record, the waiting at a load's areas, the
// per-company summary the Carriers tab sorts by, and the rebuild of every row by
// replaying the event log from seq 0 (decision 0034).
import type { AppContext } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import type { Load } from "../../../contract/schemas/load";
import {
  PUNCTUALITY,
  SCORECARD_DAYS,
  SCORECARD_LOADS_MAX,
  SITE_MIN_VISITS,
  type CompanyScorecard,
  type NetworkScorecard,
  type Punctuality,
  type PunctualityCounts,
  type SiteWaitingOfLoad,
} from "../../../contract/schemas/scorecard";
import type { Stop } from "../../../contract/schemas/claim";
import { lastSeq, readEvents } from "../../events/events.repository";
import { complianceOfCompanies } from "../companies/compliance.service";
import { applyScorecardEvent, SCORECARD_EVENT_TYPES } from "./scorecard-facts";
import { percentileOfCounts, postcodeAreaOf, round1, windowOf } from "./scorecard-rules";
import { companyDays, recountAll } from "./scorecard-days";
import * as repo from "./scorecards.repository";

const asPunctuality = (v: string): Punctuality => ((PUNCTUALITY as readonly string[]).includes(v) ? (v as Punctuality) : "unknown");
const rounded = (n: number | null) => (n === null ? null : round1(n));

/** The figures of a company's loads in a window, from its day sums (the scorecard and the Carriers tab's summary alike). */
async function companyFigures(db: DbOrTx, companyId: string, w: { from: string; to: string }) {
  const days = await companyDays(db, companyId, w);
  const sum = (k: "completed" | "handedBack" | "collectionOnTime" | "collectionLate" | "deliveryOnTime" | "deliveryLate") => days.reduce((n, d) => n + d[k], 0);
  const completed = sum("completed");
  const collection = { onTime: sum("collectionOnTime"), late: sum("collectionLate"), unknown: 0 };
  const delivery = { onTime: sum("deliveryOnTime"), late: sum("deliveryLate"), unknown: 0 };
  collection.unknown = completed - collection.onTime - collection.late;
  delivery.unknown = completed - delivery.onTime - delivery.late;
  // POD hours: how many loads took each tenth of an hour, over the window's days
  const tenths = new Map<number, number>();
  for (const d of days) for (const [t, n] of Object.entries(d.podHours)) tenths.set(Number(t), (tenths.get(Number(t)) ?? 0) + n);
  const pod = (p: number) => {
    const t = percentileOfCounts(tenths, p);
    return t === null ? null : round1(t / 10);
  };
  return { completed, collection, delivery, handedBack: sum("handedBack"), podHours: { median: pod(0.5), p90: pod(0.9) } };
}

/** Per cent of the known deliveries that were on time, one decimal; null when none is known. */
const onTimeRate = (c: PunctualityCounts) => (c.onTime + c.late ? round1((100 * c.onTime) / (c.onTime + c.late)) : null);

/** GET /api/companies/{id}/scorecard: staff any company's, members their own; anyone else 404. */
export async function getCompanyScorecard(opts: { ctx: AppContext; actor: UserRow; companyId: string; days: number }): Promise<CompanyScorecard> {
  const { ctx, actor, companyId, days } = opts;
  // a company never sees another's loads: not its own is "not found", as the company itself
  if (!isStaffRole(actor) && actor.companyId !== companyId) throw new AppError(404, MSG.notFound);
  if (!(await repo.companyExists(ctx.db, companyId))) throw new AppError(404, MSG.notFound);
  const now = ctx.clock.now();
  const w = windowOf(now, days);
  const [f, rows, claims, status] = await Promise.all([
    companyFigures(ctx.db, companyId, w),
    repo.companyLoadRows(ctx.db, companyId, w, SCORECARD_LOADS_MAX),
    repo.companyClaimFigures(ctx.db, companyId, w),
    complianceOfCompanies({ db: ctx.db, companies: [{ id: companyId }], today: w.to }),
  ]);
  return {
    ...w,
    loadsCompleted: f.completed,
    collection: f.collection,
    delivery: f.delivery,
    podHours: f.podHours,
    handedBack: f.handedBack,
    waitingClaims: { submitted: claims?.submitted ?? 0, approved: claims?.approved ?? 0, amountApproved: Number((claims?.amountApproved ?? 0).toFixed(2)) },
    compliance: status.get(companyId)?.compliance ?? null,
    // a load still on its way has no figures yet; handedBack only when it was one
    loads: rows.map((r) => ({
      id: r.id,
      loadNumber: r.loadNumber,
      collection: r.completed ? asPunctuality(r.collection) : "unknown",
      delivery: r.completed ? asPunctuality(r.delivery) : "unknown",
      podHours: r.completed ? r.podHours : null,
      ...(r.handedBack ? { handedBack: true } : {}),
    })),
  };
}

/** GET /api/scorecard/network: how the network treats carriers, for anyone signed in. */
export async function getNetworkScorecard(opts: { ctx: AppContext; days: number }): Promise<NetworkScorecard> {
  const w = windowOf(opts.ctx.clock.now(), opts.days);
  const db = opts.ctx.db;
  const [invoices, claims, sites] = await Promise.all([repo.invoiceFigures(db, w), repo.claimFigures(db, w), repo.siteWaitingRows(db, w, SITE_MIN_VISITS)]);
  return {
    ...w,
    daysToPay: { median: rounded(invoices.median), p90: rounded(invoices.p90) },
    overdueInvoices: invoices.overdue,
    claims: {
      submitted: claims?.submitted ?? 0,
      approvedRate: claims?.decided ? round1((100 * claims.approved) / claims.decided) : null,
      medianDecisionHours: rounded(claims?.medianHours ?? null),
    },
    waitingAtSites: sites.map((s) => ({ postcodeArea: s.postcodeArea, stop: s.stop as Stop, visits: s.visits, medianMinutes: round1(s.median ?? 0) })),
  };
}

/** `siteWaiting` on a load's details: the median waiting at its pickup and delivery areas (90 days, k ≥ 3); undefined when neither is known. */
export async function siteWaitingOfLoad(opts: { db: DbOrTx; load: Load; now: Date }): Promise<SiteWaitingOfLoad | undefined> {
  const { from } = windowOf(opts.now, SCORECARD_DAYS.default);
  const one = async (stop: Stop, postcode: string | null | undefined) => {
    const area = postcodeAreaOf(postcode);
    if (!area) return null;
    const row = await repo.areaWaiting(opts.db, { postcodeArea: area, stop, from });
    return row && row.visits >= SITE_MIN_VISITS ? { postcodeArea: area, medianMinutes: round1(row.median ?? 0), visits: row.visits } : null;
  };
  // the postcodes as this viewer may see them (a hidden postcode names no area)
  const pickup = await one("pickup", opts.load.pickupZip);
  const delivery = await one("delivery", opts.load.deliveryZip);
  return pickup || delivery ? { pickup, delivery } : undefined;
}

/** The Carriers tab's figures of these companies over the last 90 days, kept with their rows. */
export async function refreshSummaries(db: DbOrTx, companyIds: Iterable<string>, now: Date): Promise<void> {
  const w = windowOf(now, SCORECARD_DAYS.default);
  for (const companyId of new Set(companyIds)) {
    // a company with no rows (all moved by a merge) has no summary, as after a rebuild
    if (!(await repo.hasFacts(db, companyId))) {
      await repo.deleteSummary(db, companyId);
      continue;
    }
    const f = await companyFigures(db, companyId, w);
    await repo.saveSummary(db, { companyId, onTimeDeliveryRate: onTimeRate(f.delivery), podHoursMedian: f.podHours.median });
  }
}

/** Events read a batch at a time when the log is replayed. */
const REPLAY_BATCH = 1000;

/**
 * Every scorecard row again, from the event log replayed from seq 0 through the
 * reaction itself, in one transaction (readers see the old rows until it commits).
 */
export async function rebuildScorecards(opts: { db: Db; now: Date }): Promise<{ events: number }> {
  return opts.db.transaction(async (tx) => {
    await repo.clearAll(tx);
    const last = await lastSeq(tx);
    let events = 0;
    for (let from = 1; from <= last; from += REPLAY_BATCH) {
      for (const event of await readEvents(tx, { from, to: from + REPLAY_BATCH - 1, types: SCORECARD_EVENT_TYPES })) {
        await applyScorecardEvent(tx, event);
        events++;
      }
    }
    await recountAll(tx);
    // every company with rows has its summary (a merged-away company has none, as when maintained)
    await refreshSummaries(tx, await repo.companyIdsWithFacts(tx), opts.now);
    return { events };
  });
}
