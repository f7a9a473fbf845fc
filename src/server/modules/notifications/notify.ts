// notify(), the one way a notification is made. notify() is the one
// way in: called in the transaction of the event, it writes one notification per
// recipient (never the actor), one email each through the mail outbox unless the
// user turned that type off, and a NOTIFY that the live stream delivers to the
// owner once the transaction commits (PostgreSQL sends NOTIFY only on commit).
// A rollback leaves nothing. docs/decisions/0010-notifications.md.
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { whenCommitted } from "../../db/transaction-hooks";
import type { NotificationRow } from "../../db/schema";
import { iso } from "../../lib/serialize";
import { queueMail } from "../../mail/mail-job";
import { layout } from "../../mail/templates";
import type { Notification, NotificationType } from "../../../contract/schemas/notification";
import { emailOffAmong, findRecipients, insertNotifications, listStaffIds } from "./notifications.repository";
import { unsubscribeFor, unsubscribeSecret } from "./unsubscribe";

/** The NOTIFY channel of new notifications (payload: {userId, notification}). */
export const NOTIFICATION_CHANNEL = "notification_created";

const TITLE_MAX = 200;
const BODY_MAX = 1000;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    loadId: row.loadId,
    createdAt: iso(row.createdAt)!,
    readAt: iso(row.readAt),
    ...(row.data ? { data: row.data } : {}),
  };
}

/** Where a notification about a load opens it in the app (the load's details). */
export function loadLink(publicUrl: string, loadId: string): string {
  return `${publicUrl}/?load=${encodeURIComponent(loadId)}`;
}

export interface NotifyOptions {
  ctx: AppContext;
  /** the transaction of the event: the notifications and their mail commit with it or not at all */
  tx: DbOrTx;
  type: NotificationType;
  /** user ids; the actor and repeats are dropped */
  recipients: readonly (string | null | undefined)[];
  /** the user who caused the event: never told of their own action */
  actorId: string | null;
  loadId: string | null;
  /**
   * Plain text naming the load by its number. The caller writes it for these
   * recipients: it must hold nothing they may not see (load-visibility.ts).
   */
  title: string;
  body: string;
  /** the email's own kind and subject (registration_pending keeps its "registration-staff" mail) and link */
  mail?: { kind?: string; subject?: string; link?: { label: string; path: string } };
  /** what the type carries beyond its words (truck_offer: {match}), for the app */
  data?: Record<string, unknown>;
  /** false: no email now (message_received is emailed later, and only if still unread) */
  email?: boolean;
}

/** Create the notifications of one event for its recipients. Returns them. */
export async function notify(opts: NotifyOptions): Promise<Notification[]> {
  const { ctx, tx, type, actorId, loadId } = opts;
  const ids = [...new Set(opts.recipients.filter((r): r is string => !!r && r !== actorId))];
  if (!ids.length) return [];
  const now = ctx.clock.now();
  const title = opts.title.slice(0, TITLE_MAX);
  const body = opts.body.slice(0, BODY_MAX);
  const rows = await insertNotifications(
    tx,
    ids.map((userId) => ({ userId, type, title, body, loadId, data: opts.data ?? null, createdAt: now })),
  );
  if (opts.email !== false) await mailNotification({ ...opts, recipients: ids, title, body });
  const items = rows.map(toNotification);
  // sent once the transaction has committed (never for a rollback), outside it, so the
  // write never takes PostgreSQL's notify lock; the live stream sends it to its owner.
  // One statement for all: a round trip each made a bid with 2,000 staff recipients
  // wait over a second (bench 7). A lost notice costs only speed: the bell polls.
  const payloads = JSON.stringify(rows.map((n, i) => JSON.stringify({ userId: n.userId, notification: items[i] })));
  await whenCommitted(tx, (db) =>
    db
      .execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, p) from json_array_elements_text(${payloads}::json) as p`)
      .then(() => undefined, () => undefined),
  );
  return items;
}

/**
 * The email of a notification only, to the recipients who kept its type on,
 * through the mail outbox in `tx` (notify() sends it with the notification; a
 * delayed email, message_received's, is sent by its own job later).
 */
export async function mailNotification(opts: Omit<NotifyOptions, "email"> & { recipients: readonly string[] }): Promise<number> {
  const { ctx, tx, type, actorId, loadId, title, body } = opts;
  const ids = [...opts.recipients];
  const recipients = await findRecipients(tx, ids);
  const off = await emailOffAmong(tx, type, ids);
  const secret = await unsubscribeSecret(ctx, tx);
  const mailed = recipients.filter((r) => !off.has(r.id));
  if (mailed.length) {
    await queueMail({
      ctx,
      db: tx,
      messages: mailed.map((r) => {
        const unsubscribe = unsubscribeFor(ctx, secret, r.id, type);
        const link = opts.mail?.link ? { label: opts.mail.link.label, href: `${ctx.config.publicUrl}${opts.mail.link.path}` } : undefined;
        const mail = notificationMail(ctx, { title, body, loadId, unsubscribeUrl: unsubscribe.url, link });
        return {
          kind: opts.mail?.kind ?? type.replace(/_/g, "-"),
          to: r.email,
          ...mail,
          subject: opts.mail?.subject ?? mail.subject,
          triggeredBy: actorId,
          headers: unsubscribe.headers,
        };
      }),
    });
  }
  return mailed.length;
}

/** Every approved staff user (load_accepted, bid_placed, pod_submitted, registration_pending). */
export function staffRecipients(tx: DbOrTx): Promise<string[]> {
  return listStaffIds(tx);
}

const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The email of a notification: it says the same as the bell, with a link to the load and the way out. */
export function notificationMail(
  ctx: AppContext,
  n: { title: string; body: string; loadId: string | null; unsubscribeUrl: string; link?: { label: string; href: string } },
): { subject: string; text: string; html: string } {
  const brand = { productName: ctx.config.productName, publicUrl: ctx.config.publicUrl };
  const link = n.link ?? (n.loadId ? { label: "Open the load", href: loadLink(brand.publicUrl, n.loadId) } : null);
  const text = [
    n.body,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    `Stop these emails: ${n.unsubscribeUrl}`,
    `— ${brand.productName}`,
  ].join("\n\n");
  const p = (t: string) => `<p style="margin:0 0 16px 0;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1e293b;">${esc(t)}</p>`;
  const a = (label: string, href: string) =>
    `<p style="margin:0 0 16px 0;"><a href="${esc(href)}" style="display:inline-block;padding:12px 22px;font-family:Arial,Helvetica,sans-serif;font-size:15px;font-weight:bold;color:#ffffff;background-color:#1e3a8a;text-decoration:none;border-radius:6px;">${esc(label)}</a></p>`;
  const html = layout(brand, {
    title: n.title,
    body: [
      p(n.body),
      link ? a(link.label, link.href) : "",
      `<p style="margin:16px 0 0 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#64748b;"><a href="${esc(n.unsubscribeUrl)}" style="color:#475569;">Stop emails like this one</a> (you can turn them on again in My Profile).</p>`,
    ].join("\n"),
  });
  return { subject: n.title, text: `${text}\n`, html };
}

