// Daily lane alerts: one email per
// user at the email schedule's time on UK weekdays, listing the loads that
// became available since the previous digest and still are, matching any of
// their daily searches; none when nothing matched. Every process looks once a
// minute (the job runner's watch); the day is claimed by one insert (the
// lane_digests primary key) together with the job that writes the emails, and
// that job's mail and "done" commit together: exactly once a day, however many
// processes run. docs/decisions/0007-lane-alerts.md.
import { or, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { JobKind } from "../jobs/job-registry";
import { queueJobs } from "../jobs/jobs.service";
import { getScheduleSettings } from "../available-loads-email/available-loads-email.service";
import { queueMail } from "../../mail/mail-job";
import { layout } from "../../mail/templates";
import { onBoardWhere, ukToday } from "../loads/load-visibility";
import { loadFiltersCondition } from "../loads/loads.service";
import { emailTurnedOff, unsubscribeFor, unsubscribeSecret } from "../notifications/notifications.service";
import { wallClock } from "../../../contract/wall-clock";
import { savedFiltersToQuery, type SavedSearchFilters } from "../../../contract/schemas/saved-search";
import { claimDigest, lastDigest, listAlertingSearches, loadsBecameAvailable } from "./saved-searches.repository";

export const LANE_DIGEST_JOB = "lane-digest";
const WEEKDAYS = new Set(["monday", "tuesday", "wednesday", "thursday", "friday"]);
/** the most loads one digest lists (the rest are on the board) */
const DIGEST_MAX = 50;

interface DigestPayload {
  day: string;
  since: string;
  until: string;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The UK day whose digest is due at `now`, or null (a weekend, before the schedule's time). */
export function dueDigestDay(now: Date, time: string, timeZone: string): string | null {
  const p = wallClock(now, timeZone);
  if (!WEEKDAYS.has(p.weekday)) return null;
  if (`${two(p.hour)}:${two(p.minute)}` < time) return null;
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** One look: claim today's digest if it is due and not yet claimed, with its job, in one transaction. */
export async function claimDueDigest(ctx: AppContext): Promise<string | null> {
  const now = ctx.clock.now();
  const settings = await getScheduleSettings(ctx.db);
  const day = dueDigestDay(now, settings.time, ctx.config.businessTimeZone);
  if (!day) return null;
  return ctx.db.transaction(async (tx) => {
    const last = await lastDigest(tx);
    if (last && last.day >= day) return null;
    // the first digest covers the day before (three days on a Monday)
    const since = last?.until ?? new Date(now.getTime() - (wallClock(now, ctx.config.businessTimeZone).weekday === "monday" ? 3 : 1) * 86_400_000);
    if (!(await claimDigest(tx, { day, since, until: now }))) return null;
    await queueJobs({ db: tx, now, jobs: [{ kind: LANE_DIGEST_JOB, payload: { day, since: since.toISOString(), until: now.toISOString() } satisfies DigestPayload }] });
    return day;
  });
}

type DigestLoad = Awaited<ReturnType<typeof loadsBecameAvailable>>[number];

/** The digest says what the board says of each load: number, towns, day, price; nothing private. */
export function laneDigestMail(ctx: AppContext, who: { name: string }, list: DigestLoad[], unsubscribeUrl: string): { subject: string; text: string; html: string } {
  const tz = ctx.config.businessTimeZone;
  const brand = { productName: ctx.config.productName, publicUrl: ctx.config.publicUrl };
  const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
  const day = (d: Date | null) => (d ? new Intl.DateTimeFormat("en-GB", { timeZone: tz, weekday: "short", day: "numeric", month: "short" }).format(d) : "date to be agreed");
  const line = (l: DigestLoad) => `${l.loadNumber}: ${l.pickupCity} → ${l.deliveryCity}, pickup ${day(l.pickupDate)}, ${gbp.format(Number(l.price))}, ${l.equipmentType}`;
  const subject = `${list.length} new ${list.length === 1 ? "load matches" : "loads match"} your saved searches`;
  const board = `${brand.publicUrl}/`;
  const text = [`Hello ${who.name},`, "New loads on your lanes since the last email:", ...list.map((l) => `• ${line(l)}`), `See them on the board: ${board}`, `Change or turn off these alerts under Saved searches: ${brand.publicUrl}/saved-searches`, `Stop these emails: ${unsubscribeUrl}`, `— ${brand.productName}`].join("\n\n");
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const p = (s: string) => `<p style="margin:0 0 12px 0;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1e293b;">${s}</p>`;
  const html = layout(brand, {
    title: subject,
    body: [
      p(`Hello ${esc(who.name)},`),
      p("New loads on your lanes since the last email:"),
      `<ul style="margin:0 0 16px 0;padding-left:20px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1e293b;">${list.map((l) => `<li>${esc(line(l))}</li>`).join("")}</ul>`,
      p(`<a href="${esc(board)}" style="color:#1e3a8a;">Open the board</a>`),
      `<p style="margin:16px 0 0 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#64748b;">Change or turn off these alerts under <a href="${esc(`${brand.publicUrl}/saved-searches`)}" style="color:#475569;">Saved searches</a>, or <a href="${esc(unsubscribeUrl)}" style="color:#475569;">stop emails like this one</a>.</p>`,
    ].join("\n"),
  });
  return { subject, text: `${text}\n`, html };
}

export function laneDigestJobKind(ctx: AppContext): JobKind<DigestPayload> {
  return {
    name: LANE_DIGEST_JOB,
    async run(p, run) {
      const now = ctx.clock.now();
      const since = new Date(p.since);
      const until = new Date(p.until);
      const searches = await listAlertingSearches(ctx.db, "daily");
      // per user, the conditions of their daily searches (undefined: a search with no filters, every new load)
      const byUser = new Map<string, { email: string; name: string; conditions: (SQL | undefined)[] }>();
      for (const s of searches) {
        let cond: SQL | undefined;
        try {
          cond = await loadFiltersCondition({ query: savedFiltersToQuery(s.search.filters as SavedSearchFilters), now, config: ctx.config });
        } catch {
          continue; // a search the board would now refuse matches nothing
        }
        const u = byUser.get(s.search.userId) ?? { email: s.email, name: s.name, conditions: [] };
        u.conditions.push(cond);
        byUser.set(s.search.userId, u);
      }
      await ctx.db.transaction(async (tx) => {
        const onBoard = onBoardWhere(ukToday(now));
        const messages = [];
        // a user who turned lane_match emails off (preferences or one-click unsubscribe) gets no digest either
        const off = await emailTurnedOff(tx, "lane_match", [...byUser.keys()]);
        const secret = await unsubscribeSecret(ctx, tx);
        for (const [userId, u] of byUser) {
          if (off.has(userId)) continue;
          const where = u.conditions.some((c) => c === undefined) ? undefined : or(...u.conditions);
          const list = await loadsBecameAvailable(tx, { since, until, onBoard, where, limit: DIGEST_MAX });
          if (list.length === 0) continue; // contract: none when nothing matched
          const unsubscribe = unsubscribeFor(ctx, secret, userId, "lane_match");
          const mail = laneDigestMail(ctx, u, list, unsubscribe.url);
          messages.push({ kind: "lane-digest", to: u.email, ...mail, triggeredBy: null, headers: unsubscribe.headers, userId });
        }
        if (messages.length) await queueMail({ ctx, db: tx, messages: messages.map(({ userId: _u, ...m }) => m) });
        await run.finish(tx);
      });
    },
    watch: {
      everyMs: 60_000,
      async run() {
        await claimDueDigest(ctx);
      },
    },
  };
}
