// The notification events and what each says.
// Each is called by the module whose change causes it, in that change's
// transaction. Titles and bodies name the load by its number and its towns
// (which every carrier sees on the board); never a postcode, address, contact,
// reference or another carrier's name to a carrier. The PO number goes only to
// the carrier whose booking was approved: theirs to see (load-visibility.ts).
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { LoadRow, UserRow } from "../../db/schema";
import { notify, staffRecipients } from "./notify";

type Load = Pick<LoadRow, "id" | "loadNumber" | "pickupCity" | "deliveryCity">;
type Actor = Pick<UserRow, "id"> | null;
type Who = Pick<UserRow, "id" | "name" | "carrierName">;

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (n: number | string | null | undefined) => gbp.format(Number(n ?? 0));
const route = (l: Load) => `${l.pickupCity} → ${l.deliveryCity}`;
const who = (u: Pick<UserRow, "name" | "carrierName">) => (u.carrierName ? `${u.name} (${u.carrierName})` : u.name);

interface Base {
  ctx: AppContext;
  tx: DbOrTx;
  actor: Actor;
  load: Load;
}

/** Staff accepted this bidder's bid: the load is theirs at the bid amount. */
export function notifyBidAccepted(o: Base & { carrierId: string; amount: number | string }) {
  return notify({
    ctx: o.ctx,
    tx: o.tx,
    type: "bid_accepted",
    recipients: [o.carrierId],
    actorId: o.actor?.id ?? null,
    loadId: o.load.id,
    title: `Your bid on load ${o.load.loadNumber} was accepted`,
    body: `Your bid of ${money(o.amount)} on load ${o.load.loadNumber} (${route(o.load)}) was accepted: the load is now yours at that price.`,
  });
}

/** Staff rejected the bid, or the load went to someone else (`taken`): one call per closed bid. */
export function notifyBidRejected(o: Base & { carrierId: string; amount: number | string; taken: boolean }) {
  return notify({
    ctx: o.ctx,
    tx: o.tx,
    type: "bid_rejected",
    recipients: [o.carrierId],
    actorId: o.actor?.id ?? null,
    loadId: o.load.id,
    title: o.taken ? `Load ${o.load.loadNumber} went to another carrier` : `Your bid on load ${o.load.loadNumber} was rejected`,
    body: o.taken
      ? `Load ${o.load.loadNumber} (${route(o.load)}) has been taken by another carrier, so your bid of ${money(o.amount)} is closed.`
      : `Your bid of ${money(o.amount)} on load ${o.load.loadNumber} (${route(o.load)}) was rejected.`,
  });
}

/** A status change of a booking, to the carrier who held it (approve, reset, cancel). */
export function notifyBookingChange(o: Base & { kind: "approve" | "reset" | "cancel"; carrierId: string | null; poNumber?: string | null }) {
  const n = o.load.loadNumber;
  const text = {
    approve: {
      type: "load_approved" as const,
      title: `Load ${n} is approved${o.poNumber ? `: PO ${o.poNumber}` : ""}`,
      body: `Your booking of load ${n} (${route(o.load)}) is approved.${o.poNumber ? ` PO number: ${o.poNumber}.` : ""}`,
    },
    reset: {
      type: "load_reset" as const,
      title: `Load ${n} was reset to available`,
      body: `Load ${n} (${route(o.load)}) is back on the board and no longer booked to you.`,
    },
    cancel: {
      type: "load_cancelled" as const,
      title: `Load ${n} was cancelled`,
      body: `Load ${n} (${route(o.load)}), booked to you, was cancelled.`,
    },
  }[o.kind];
  return notify({ ctx: o.ctx, tx: o.tx, recipients: [o.carrierId], actorId: o.actor?.id ?? null, loadId: o.load.id, ...text });
}

/** A carrier accepted a load at its price: every staff user. */
export async function notifyLoadAccepted(o: Base & { carrier: Who; price: number | string }) {
  return notify({
    ctx: o.ctx,
    tx: o.tx,
    type: "load_accepted",
    recipients: await staffRecipients(o.tx),
    actorId: o.actor?.id ?? null,
    loadId: o.load.id,
    title: `Load ${o.load.loadNumber} accepted by ${o.carrier.carrierName ?? o.carrier.name}`,
    body: `${who(o.carrier)} accepted load ${o.load.loadNumber} (${route(o.load)}) at ${money(o.price)}.`,
  });
}

/** A bid placed or updated: every staff user. */
export async function notifyBidPlaced(o: Base & { carrier: Who; amount: number | string; updated: boolean }) {
  return notify({
    ctx: o.ctx,
    tx: o.tx,
    type: "bid_placed",
    recipients: await staffRecipients(o.tx),
    actorId: o.actor?.id ?? null,
    loadId: o.load.id,
    title: `${o.updated ? "Bid updated" : "New bid"} on load ${o.load.loadNumber}: ${money(o.amount)}`,
    body: `${who(o.carrier)} ${o.updated ? "updated their bid on" : "bid on"} load ${o.load.loadNumber} (${route(o.load)}): ${money(o.amount)}.`,
  });
}

/** POD completed for a load: every staff user. */
export async function notifyPodSubmitted(o: Base & { by: Who; completed: boolean }) {
  return notify({
    ctx: o.ctx,
    tx: o.tx,
    type: "pod_submitted",
    recipients: await staffRecipients(o.tx),
    actorId: o.actor?.id ?? null,
    loadId: o.load.id,
    title: `POD ${o.completed ? "completed" : "updated"} for load ${o.load.loadNumber}`,
    body: `${who(o.by)} ${o.completed ? "completed POD for" : "updated the POD of"} load ${o.load.loadNumber} (${route(o.load)}).`,
  });
}

/**
 * A member gave their company a new VAT number ("" to remove it): every staff user.
 * Invoices charge VAT only once staff confirm it (companies/vat-number.ts).
 */
export async function notifyVatNumberProposed(o: { ctx: AppContext; tx: DbOrTx; actor: Actor; by: string; companyName: string; vatNumber: string; current: string }) {
  const what = o.vatNumber ? `the VAT number ${o.vatNumber}` : "no VAT number (removing it)";
  return notify({
    ctx: o.ctx,
    tx: o.tx,
    type: "vat_number_proposed",
    recipients: await staffRecipients(o.tx),
    actorId: o.actor?.id ?? null,
    loadId: null,
    title: `VAT number to confirm: ${o.companyName}`,
    body:
      `${o.by} gave ${o.companyName} ${what}` +
      `${o.current ? ` (in force now: ${o.current})` : " (none in force now)"}. ` +
      `Invoices go on as before until staff confirm it in the company's dialog (Admin).`,
    mail: { link: { label: "Open Admin", path: "/admin" } },
  });
}

/** Someone registered: every staff user (title and body name the applicant and company). */
export async function notifyRegistrationPending(o: { ctx: AppContext; tx: DbOrTx; applicant: Who & Pick<UserRow, "email"> }) {
  const a = o.applicant;
  return notify({
    ctx: o.ctx,
    tx: o.tx,
    type: "registration_pending",
    recipients: await staffRecipients(o.tx),
    actorId: a.id,
    loadId: null,
    title: `New registration: ${a.name}${a.carrierName ? ` (${a.carrierName})` : ""}`,
    body: `${a.name} (${a.carrierName ?? "no company"}, ${a.email}) registered and waits for approval.`,
    // the staff mail of registrations from before notifications, now with a way out
    mail: {
      kind: "registration-staff",
      subject: `New carrier registration waiting: ${a.carrierName ?? a.name}`,
      link: { label: "Review pending users", path: "/admin" },
    },
  });
}
