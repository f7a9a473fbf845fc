// Notifications: the bell's list
// (GET /api/notifications), marking read (POST /api/notifications/read) and the
// per-type email preferences (GET/PUT /api/notification-preferences).
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";

/**
 * The notification types (document_expiring, document_verified, document_rejected:
 * company documents; invoice_issued, invoice_paid: self-billing invoices; stop_recorded:
 * an arrival or departure at a booked load's stop, to staff when a carrier records it
 * and to the company's members when staff record or correct it; waiting_claim_submitted:
 * a carrier's waiting-time claim, to staff; waiting_claim_decided: staff's decision, to the company's members;
 * message_received: a message on a load, to the thread's other side; bid_countered: staff's counter-offer,
 * to the bidder; counter_accepted: the bidder took the counter-offer, to staff; truck_offer: a load
 * for a posted truck, offered by staff or (data.match) found by matching, to the company's members;
 * return_loads: loads home from a load just booked, to the members of the company that booked it).
 */
export const NOTIFICATION_TYPES = [
  "bid_accepted",
  "bid_rejected",
  "load_approved",
  "load_reset",
  "load_cancelled",
  "load_accepted",
  "bid_placed",
  "pod_submitted",
  "registration_pending",
  "lane_match",
  "document_expiring",
  "invoice_issued",
  "invoice_paid",
  "vat_number_proposed",
  "document_verified",
  "document_rejected",
  "stop_recorded",
  "waiting_claim_submitted",
  "waiting_claim_decided",
  "message_received",
  "bid_countered",
  "counter_accepted",
  "truck_offer",
  "return_loads",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Every email a user may turn off: the notification types and the available-loads
 * email (its one-click unsubscribe turns this off; docs/decisions/0010-notifications.md).
 */
export const EMAIL_TYPES = [...NOTIFICATION_TYPES, "available_loads"] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** What each email type is, in the preferences' words. */
export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  bid_accepted: "My bid is accepted",
  bid_rejected: "My bid is rejected",
  load_approved: "My booking is approved (with its PO number)",
  load_reset: "My booking is reset to available",
  load_cancelled: "My booking is cancelled",
  load_accepted: "A carrier accepts a load (staff)",
  bid_placed: "A bid is placed or updated (staff)",
  pod_submitted: "A carrier completes POD (staff)",
  registration_pending: "Someone registers (staff)",
  lane_match: "A load matches my saved search",
  document_expiring: "A company document is about to expire",
  invoice_issued: "An invoice is raised for my load",
  invoice_paid: "My invoice is paid",
  vat_number_proposed: "A carrier gives a new VAT number to confirm (staff)",
  document_verified: "Staff verify a company document",
  document_rejected: "Staff reject a company document (with the reason)",
  waiting_claim_submitted: "A carrier claims waiting time (staff)",
  waiting_claim_decided: "Staff approve or reject my waiting-time claim",
  stop_recorded: "An arrival or departure at a stop is recorded or corrected",
  message_received: "A message on a load (emailed only if still unread after 15 minutes)",
  bid_countered: "Staff counter my bid with another amount",
  counter_accepted: "A carrier accepts a counter-offer (staff)",
  truck_offer: "A load is offered to or matches a truck I posted",
  return_loads: "Return loads for a load I booked",
  available_loads: "The available loads email",
};

/** Types only staff receive: a carrier's preferences do not offer them. */
export const STAFF_EMAIL_TYPES: readonly EmailType[] = ["load_accepted", "bid_placed", "pod_submitted", "registration_pending", "vat_number_proposed", "waiting_claim_submitted", "counter_accepted"];
/** Types only carriers receive. */
export const CARRIER_EMAIL_TYPES: readonly EmailType[] = ["bid_accepted", "bid_rejected", "load_approved", "load_reset", "load_cancelled", "available_loads", "document_expiring", "document_verified", "document_rejected", "invoice_issued", "invoice_paid", "waiting_claim_decided", "bid_countered", "truck_offer", "return_loads"];

export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  loadId: string | null;
  createdAt: string;
  readAt: string | null;
  /** only on the types that carry more than their words: truck_offer's {match: true} when matching found the load */
  data?: Record<string, unknown>;
}

export interface NotificationList {
  items: Notification[];
  unreadCount: number;
}

export const NOTIFICATION_LIST_MAX = 200;
export const NOTIFICATION_LIST_DEFAULT = 50;

export const notificationListQuerySchema = z.object({
  unread: z.enum(["true", "false"]).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_LIST_MAX, `limit must be at most ${NOTIFICATION_LIST_MAX}`)
    .default(NOTIFICATION_LIST_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const markReadSchema = z
  .object({
    ids: z.array(z.string().max(100)).max(1000).optional(),
  })
  .strict();
export type MarkReadInput = z.output<typeof markReadSchema>;

export interface EmailPreferences {
  email: Record<EmailType, boolean>;
}

/** PUT: types left out keep their value; an unknown type is refused. */
export const emailPreferencesInputSchema = z
  .object({
    email: z.partialRecord(z.enum(EMAIL_TYPES), z.boolean()),
  })
  .strict();
export type EmailPreferencesInput = z.output<typeof emailPreferencesInputSchema>;
