// Webhooks: endpoints an admin registers,
// the events they may subscribe to, and the delivery log. The web's admin page and
// the server read the same events, words and schemas.
import { z } from "../plain-errors";

/** The events a webhook may subscribe to: exactly these */
export const WEBHOOK_EVENTS = [
  "load.created",
  "load.updated",
  "load.accepted",
  "load.approved",
  "load.completed",
  "load.cancelled",
  "bid.placed",
  "bid.accepted",
  "pod.submitted",
  "invoice.issued",
  "invoice.paid",
  "stop.recorded",
  "claim.submitted",
  "claim.decided",
  "bid.countered",
  "truck.posted",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "load.created": "Load created",
  "load.updated": "Load updated",
  "load.accepted": "Load accepted",
  "load.approved": "Load approved",
  "load.completed": "Load completed",
  "load.cancelled": "Load cancelled",
  "bid.placed": "Bid placed",
  "bid.accepted": "Bid accepted",
  "pod.submitted": "POD submitted",
  "invoice.issued": "Invoice issued",
  "invoice.paid": "Invoice paid",
  "stop.recorded": "Stop arrival or departure recorded",
  "claim.submitted": "Waiting-time claim submitted",
  "claim.decided": "Waiting-time claim decided",
  "bid.countered": "Bid countered by staff",
  "truck.posted": "Truck posted by a carrier",
};

/** Standard Webhooks: the signing secret is `whsec_` + base64 of the key bytes. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

export const WEBHOOK_MSG = {
  url: "Please enter the URL the events are sent to (http:// or https://)",
  urlScheme: "The URL must start with http:// or https://",
  urlPrivate: "This URL is not on a public address (private, loopback, link-local or another special-purpose range): webhooks are not sent there",
  urlUnresolved: "The URL's host name could not be found",
  events: "Please choose at least one event",
  running: "This delivery is being sent now: try again in a moment",
} as const;

const urlField = z
  .string({ error: WEBHOOK_MSG.url })
  .trim()
  .min(1, WEBHOOK_MSG.url)
  .max(2000, "The URL must be at most 2,000 characters")
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, WEBHOOK_MSG.urlScheme);

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: "Please choose events from the list" }), { error: WEBHOOK_MSG.events })
  .min(1, WEBHOOK_MSG.events)
  .max(WEBHOOK_EVENTS.length)
  .refine((s) => new Set(s).size === s.length, "Each event once");

const descriptionField = z.string().trim().max(500, "The description must be at most 500 characters").nullish();

export const webhookCreateSchema = z.object({ url: urlField, events: eventsField, description: descriptionField });
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** PUT: the same fields; the secret stays. */
export const webhookUpdateSchema = webhookCreateSchema;
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

/** An endpoint as listed: never its secret. */
export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z
    .object({ at: z.string(), outcome: z.enum(["delivered", "retrying", "failed"]), statusCode: z.number().int().nullable() })
    .nullable()
    .describe("the latest attempt, if any"),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST's answer: the signing secret, this once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string().describe("whsec_…: shown once; sign-checking key (Standard Webhooks)") });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const WEBHOOK_OUTCOMES = ["delivered", "retrying", "failed"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** One attempt of one delivery (GET …/deliveries: newest first). */
export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  deliveryId: z.uuid().describe("the same on every attempt of one event; the receiver sees it as webhook-id msg_<deliveryId>"),
  eventType: z.enum(WEBHOOK_EVENTS),
  attempt: z.number().int(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** POST …/deliveries/{id}/retry: the delivery is due again now (same webhook-id). */
export const webhookRetrySchema = z.object({ deliveryId: z.uuid(), status: z.literal("queued") });
export type WebhookRetry = z.infer<typeof webhookRetrySchema>;

/** The body of every delivery: `{type, timestamp, data}`. */
export interface WebhookPayload {
  type: WebhookEvent;
  /** ISO-8601: when the change happened */
  timestamp: string;
  /** the load, bid or invoice as staff see it */
  data: unknown;
}

/** the deliveries list: newest first, at most this many (the page asks for fewer) */
export const WEBHOOK_ATTEMPTS_MAX = 200;
export const webhookAttemptsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(WEBHOOK_ATTEMPTS_MAX, `limit must be at most ${WEBHOOK_ATTEMPTS_MAX}`).optional(),
});
