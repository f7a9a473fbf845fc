// Notifications: the module's face. The load, bid and POD notifications are
// reactions to domain events (notification-reactions.ts); other modules call
// notify() for their own (an invoice, a registration, a lane alert) in the
// transaction that writes them; routes read the bell and the preferences here.
import type { DbOrTx } from "../../db/client";
import {
  EMAIL_TYPES,
  type EmailPreferences,
  type EmailPreferencesInput,
  type EmailType,
  type NotificationList,
  type NotificationListQuery,
} from "../../../contract/schemas/notification";
import {
  countNotifications,
  emailOffAmong,
  listNotificationRows,
  listPreferenceRows,
  markRead,
  upsertPreferences,
} from "./notifications.repository";
import { toNotification } from "./notify";

export { notify, NOTIFICATION_CHANNEL, type NotifyOptions } from "./notify";
export { notifyRegistrationPending } from "./notification-events";
export { unsubscribeFor, unsubscribeSecret } from "./unsubscribe";

// ---------------------------------------------------------------- the bell

export async function listNotifications(opts: {
  db: DbOrTx;
  userId: string;
  query: NotificationListQuery;
}): Promise<NotificationList & { total: number }> {
  const { db, userId, query } = opts;
  const unread = query.unread === "true";
  const [rows, total, unreadCount] = await Promise.all([
    listNotificationRows(db, { userId, unread, limit: query.limit, offset: query.offset }),
    countNotifications(db, { userId, unread }),
    countNotifications(db, { userId, unread: true }),
  ]);
  return { items: rows.map(toNotification), unreadCount, total };
}

/** Only the caller's own: another user's id is ignored, never marked (contract). */
export async function markNotificationsRead(opts: { db: DbOrTx; userId: string; ids?: string[]; now: Date }): Promise<{ unreadCount: number }> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  await markRead(opts.db, { userId: opts.userId, ids: opts.ids?.filter((id) => uuid.test(id)), now: opts.now });
  return { unreadCount: await countNotifications(opts.db, { userId: opts.userId, unread: true }) };
}

// ---------------------------------------------------------------- email preferences

export async function getEmailPreferences(opts: { db: DbOrTx; userId: string }): Promise<EmailPreferences> {
  const rows = await listPreferenceRows(opts.db, opts.userId);
  const email = Object.fromEntries(EMAIL_TYPES.map((t) => [t, true])) as Record<EmailType, boolean>;
  for (const r of rows) if ((EMAIL_TYPES as readonly string[]).includes(r.type)) email[r.type as EmailType] = r.email;
  return { email };
}

/** Types left out keep their value. */
export async function setEmailPreferences(opts: { db: DbOrTx; userId: string; input: EmailPreferencesInput; now: Date }): Promise<EmailPreferences> {
  const values = Object.entries(opts.input.email)
    .filter((e): e is [string, boolean] => typeof e[1] === "boolean")
    .map(([type, email]) => ({ type, email }));
  await upsertPreferences(opts.db, opts.userId, values, opts.now);
  return getEmailPreferences(opts);
}

/** Has the user turned this email type off? (the available-loads email asks too) */
export async function emailTurnedOff(db: DbOrTx, type: EmailType, userIds: string[]): Promise<Set<string>> {
  return emailOffAmong(db, type, userIds);
}
