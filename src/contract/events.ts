// Domain events: the facts the product records as they happen, one line each in
// the event log, numbered by a gapless `seq`. A change publishes them in its own
// transaction; every reaction (invoices, bids closing, notifications, webhooks,
// lane alerts, and each capability still to come) subscribes to them instead of
// being called by the code that made the change. Version 1 of every type: a
// change of a payload's meaning gets a new version, never a silent edit.
import { z } from "zod";

export const EVENT_VERSION = 1 as const;

const id = z.string();
const money = z.number();

/** Who did it: a user, or nobody (the system: a schedule, an import job). */
export const eventActorSchema = z.object({ id, name: z.string() }).nullable();

/** A bid as it stood when the event happened (the public Bid shape, so a webhook needs no second read). */
const bidSnapshot = z.object({
  id,
  loadId: id,
  carrierId: id,
  bidAmount: money,
  listedPrice: money.nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  // counter-offers came later: events recorded before them have none
  counterAmount: money.nullable().optional(),
  counterExpiresAt: z.string().nullable().optional(),
  counterNote: z.string().nullable().optional(),
});

/** A message on a load as posted (the public Message shape). */
const messageSnapshot = z.object({
  id,
  loadId: id,
  companyId: id,
  authorId: id.nullable(),
  authorName: z.string(),
  authorRole: z.enum(["carrier", "staff"]),
  body: z.string(),
  createdAt: z.string(),
});

/** An invoice as it stood when the event happened (the public Invoice shape). */
const invoiceSnapshot = z.object({
  id,
  number: z.string(),
  loadId: id,
  loadNumber: z.string(),
  companyId: id.nullable(),
  carrierName: z.string(),
  carrierVatNumber: z.string(),
  lines: z.array(z.object({ description: z.string(), amount: money })),
  net: money,
  vatRate: z.number(),
  vat: money,
  gross: money,
  issuedOn: z.string(),
  dueOn: z.string(),
  status: z.string(),
  paidOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
  overdue: z.boolean(),
});

/** A waiting-time claim as it stood when the event happened (the public WaitingClaim shape). */
const claimSnapshot = z.object({
  id,
  loadId: id,
  loadNumber: z.string(),
  companyId: id,
  stop: z.enum(["pickup", "delivery"]),
  arrivedAt: z.string(),
  departedAt: z.string(),
  evidence: z.enum(["position", "declared", "staff"]),
  minutes: z.number().int(),
  chargeableMinutes: z.number().int(),
  amount: money,
  status: z.enum(["pending", "approved", "rejected"]),
  decidedAmount: money.nullable(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});

/** A truck as posted (the public Truck shape). */
const truckSnapshot = z.object({
  id,
  companyId: id,
  companyName: z.string(),
  availableOn: z.string(),
  availableUntil: z.string().nullable(),
  originPostcode: z.string(),
  destinationPostcode: z.string().nullable(),
  equipmentType: z.string(),
  maxWeightKg: z.number().int(),
  notes: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});

/** The status a load left: a reaction to leaving `completed` (the invoice) or a booking (the carrier) reads it. */
const fromStatus = z.string();

/** Each type and what it carries beyond the envelope. */
export const EVENT_DATA = {
  "load.created": z.object({ via: z.enum(["form", "copy", "import"]), copiedFrom: z.string().optional() }),
  /** the fields whose value changed (as the invoice would print them: instants by time, empty and no text alike) */
  "load.edited": z.object({ fields: z.array(z.string()) }),
  /** listed: at its price; bid: a bid won; counter: a counter-offer agreed; assigned: staff set the carrier */
  "load.accepted": z.object({
    carrierId: id.nullable(),
    carrierName: z.string().nullable(),
    price: money,
    via: z.enum(["listed", "bid", "counter", "assigned"]),
    bidId: id.optional(),
  }),
  "load.approved": z.object({ poNumber: z.string().nullable(), carrierId: id.nullable() }),
  "load.completed": z.object({ via: z.enum(["status", "pod", "edit"]) }),
  /** heldBy: the carrier who held the booking (told of it), when it was accepted or approved */
  "load.cancelled": z.object({ fromStatus, heldBy: id.nullable(), reason: z.string().optional() }),
  /** reason: staff's word for a reset ("carrier withdrew": a hand-back on the carrier's scorecard) */
  "load.made_available": z.object({ via: z.enum(["reset", "uncancel"]), fromStatus, heldBy: id.nullable(), reason: z.string().optional() }),
  "bid.placed": z.object({ bid: bidSnapshot, updated: z.boolean() }),
  "bid.accepted": z.object({ bid: bidSnapshot }),
  /** taken: the load went to someone else (not a rejection of this bid on its merits) */
  "bid.rejected": z.object({ bid: bidSnapshot, taken: z.boolean() }),
  /** staff offered the bidder another amount until `bid.counterExpiresAt` (accepted: load.accepted via counter and bid.accepted) */
  "bid.countered": z.object({ bid: bidSnapshot }),
  /** the bidder declined the counter-offer: the bid is pending again at its own amount */
  "bid.counter_declined": z.object({ bid: bidSnapshot, counterAmount: money }),
  /** the counter-offer lapsed unanswered: the bid is pending again at its own amount */
  "bid.counter_expired": z.object({ bid: bidSnapshot, counterAmount: money }),
  /** a message in the load's thread with one carrier company */
  "message.sent": z.object({ message: messageSnapshot }),
  "pod.submitted": z.object({ completed: z.boolean(), paperwork: z.boolean() }),
  "invoice.issued": z.object({ invoice: invoiceSnapshot, replaces: z.string().nullable() }),
  "invoice.paid": z.object({ invoice: invoiceSnapshot }),
  "company.merged": z.object({ companyId: id, intoCompanyId: id }),
  /** a member proposed a VAT number ("" to remove it): it waits for staff (invoices charge VAT only on a number staff confirmed) */
  "company.vat_number_proposed": z.object({ companyId: id, companyName: z.string(), vatNumber: z.string(), current: z.string() }),
  /**
   * staff decided the company's VAT number, the one invoices charge VAT on: a line of the
   * company's history. via proposal: they confirmed a member's proposal; staff: they set
   * it themselves (`proposal`: the member's proposal this settled, if one waited).
   */
  "company.vat_number_confirmed": z.object({ companyId: id, vatNumber: z.string(), previous: z.string(), proposal: z.string().nullable(), via: z.enum(["proposal", "staff"]) }),
  /** staff verified a company's document; a FORS certificate with the level it was verified at (its company's FORS level from now) */
  "company.document_verified": z.object({
    companyId: id,
    companyName: z.string(),
    documentId: id,
    kind: z.string(),
    forsLevel: z.string().nullable(),
    expiresOn: z.string(),
  }),
  /** staff rejected a company's document, with the reason the carrier reads */
  "company.document_rejected": z.object({ companyId: id, companyName: z.string(), documentId: id, kind: z.string(), forsLevel: z.string().nullable(), reason: z.string() }),
  /** an arrival or departure at a booked load's stop; correction: staff changed recorded times (old and new in the load's history) */
  "stop.recorded": z.object({
    stop: z.enum(["pickup", "delivery"]),
    kind: z.enum(["arrival", "departure", "correction"]),
    companyId: id,
    arrivedAt: z.string().nullable(),
    departedAt: z.string().nullable(),
    evidence: z.enum(["position", "declared", "staff"]),
  }),
  "claim.submitted": z.object({ claim: claimSnapshot }),
  /** staff approved (perhaps a lower amount, with a reason) or rejected the claim */
  "claim.decided": z.object({ claim: claimSnapshot }),
  /** a carrier company posted free capacity */
  "truck.posted": z.object({ truck: truckSnapshot }),
  /** the truck is no longer open: withdrawn by the company or staff, or booked (a member booked a load from it) */
  "truck.closed": z.object({ truckId: id, companyId: id, status: z.enum(["withdrawn", "booked"]) }),
  /** staff offered a load to a truck (match: false), or matching found one for it (match: true) */
  "truck.offered": z.object({ truckId: id, companyId: id, match: z.boolean() }),
} as const;

export type EventType = keyof typeof EVENT_DATA;
export const EVENT_TYPES = Object.keys(EVENT_DATA) as EventType[];

const envelope = {
  seq: z.number().int().positive(),
  version: z.literal(EVENT_VERSION),
  occurredAt: z.string(),
  actor: eventActorSchema,
  /** the load it is about, with its number as it was then (none for a company's own events) */
  loadId: id.nullable(),
  loadNumber: z.string().nullable(),
};

function eventSchema<T extends EventType>(type: T) {
  return z.object({ ...envelope, type: z.literal(type), data: EVENT_DATA[type] as (typeof EVENT_DATA)[T] });
}

export const domainEventSchema = z.discriminatedUnion(
  "type",
  EVENT_TYPES.map((t) => eventSchema(t)) as unknown as [ReturnType<typeof eventSchema<EventType>>, ...ReturnType<typeof eventSchema<EventType>>[]],
);

export type EventData<T extends EventType> = z.output<(typeof EVENT_DATA)[T]>;

/** One recorded event of type T. */
export type DomainEventOf<T extends EventType> = {
  seq: number;
  version: typeof EVENT_VERSION;
  type: T;
  occurredAt: string;
  actor: z.output<typeof eventActorSchema>;
  loadId: string | null;
  loadNumber: string | null;
  data: EventData<T>;
};
export type DomainEvent = { [T in EventType]: DomainEventOf<T> }[EventType];

/** What a publisher writes: the envelope's numbering and version are the log's to give. */
export type NewEvent = { [T in EventType]: Omit<DomainEventOf<T>, "seq" | "version" | "occurredAt"> & { occurredAt: Date } }[EventType];

/**
 * The public webhook event each domain event is sent as (null: not sent). A load
 * that is edited or put back on the board is "load.updated" to a subscriber.
 */
export const WEBHOOK_EVENT_OF = {
  "load.created": "load.created",
  "load.edited": "load.updated",
  "load.accepted": "load.accepted",
  "load.approved": "load.approved",
  "load.completed": "load.completed",
  "load.cancelled": "load.cancelled",
  "load.made_available": "load.updated",
  "bid.placed": "bid.placed",
  "bid.accepted": "bid.accepted",
  "bid.rejected": null,
  "bid.countered": "bid.countered",
  "bid.counter_declined": null,
  "bid.counter_expired": null,
  "message.sent": null,
  "pod.submitted": "pod.submitted",
  "invoice.issued": "invoice.issued",
  "invoice.paid": "invoice.paid",
  "company.merged": null,
  "company.vat_number_proposed": null,
  "company.vat_number_confirmed": null,
  "company.document_verified": null,
  "company.document_rejected": null,
  "stop.recorded": "stop.recorded",
  "claim.submitted": "claim.submitted",
  "claim.decided": "claim.decided",
  "truck.posted": "truck.posted",
  "truck.closed": null,
  "truck.offered": null,
} as const satisfies Record<EventType, string | null>;
