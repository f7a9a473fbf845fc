// Self-billing invoices: raised in the transaction that completes a load, in the
// name of the carrier company that delivered it; voided with the completion (an
// edit of what the invoice shows, or a status change away from completed) and
// raised anew with a new number; paid by staff. Decisions: docs/decisions/0017-invoices.md.
//
// Nobody calls in to raise or void one: invoice-reactions.ts subscribes to the
// load's events and calls raiseInvoice(), afterLoadEdit() and voidLiveInvoice()
// in the change's transaction. Statements and PDFs are in statement.ts, invoice-pdf.ts.
import type { AppContext } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { InvoiceRow, LoadRow, StoredInvoiceLine, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { ukDayKey } from "../../../contract/wall-clock";
import {
  BULK_SKIP_REASONS,
  INVOICE_LIST_DEFAULT,
  INVOICE_MSG,
  type BulkMarkPaidResult,
  type Invoice,
  type InvoiceListQuery,
  type InvoiceSettings,
  type InvoiceStatus,
  type MarkPaidInput,
} from "../../../contract/schemas/invoice";
import type { NewEvent } from "../../../contract/events";
import { invoiceAmounts, moneyNumber } from "./invoice-money";
import { claimLine, netOf, priceLine, toInvoiceLines } from "./invoice-lines";
import { renderInvoicePdf } from "./invoice-pdf";
import { addDays, isRealDay } from "./invoice-text";
import * as repo from "./invoices.repository";

export type Viewer = Pick<UserRow, "id" | "role" | "isAdmin" | "companyId">;

// ---------------------------------------------------------------- the invoice as the API shows it

/** Row → contract Invoice; `overdue` on `today` (a UK day): issued and its due day has passed. */
export function toInvoice(row: repo.InvoiceWithLoad, today: string): Invoice {
  return {
    id: row.id,
    number: row.number,
    loadId: row.loadId,
    loadNumber: row.loadNumber,
    companyId: row.companyId,
    carrierName: row.carrierName,
    carrierVatNumber: row.carrierVatNumber,
    lines: toInvoiceLines(row.lines),
    net: moneyNumber(row.net),
    vatRate: Number(row.vatRate),
    vat: moneyNumber(row.vat),
    gross: moneyNumber(row.gross),
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    status: row.status as InvoiceStatus,
    paidOn: row.paidOn,
    paymentReference: row.paymentReference,
    overdue: row.status === "issued" && row.dueOn < today,
  };
}

/** staff: every invoice; a carrier: their company's (none without a company). */
const scopeOf = (viewer: Viewer): string | null | undefined => (isStaffRole(viewer) ? undefined : (viewer.companyId ?? null));

/** The invoice if the viewer may know it exists, else 404 (contract: another company's is "one the caller may not know exists"). */
export async function visibleInvoice(db: DbOrTx, viewer: Viewer, id: string): Promise<repo.InvoiceWithLoad> {
  const row = await repo.findInvoice(db, id);
  const scope = scopeOf(viewer);
  if (!row || (scope !== undefined && (scope === null || row.companyId !== scope))) throw new AppError(404, MSG.notFound);
  return row;
}

// ---------------------------------------------------------------- raising and voiding (reactions to load events)

/** An invoice event, about the invoice's load. */
function invoiceEvent(o: { type: "invoice.issued" | "invoice.paid"; invoice: Invoice; actor: Pick<UserRow, "id" | "name"> | null; now: Date; replaces?: string | null }): NewEvent {
  const envelope = { occurredAt: o.now, actor: o.actor, loadId: o.invoice.loadId, loadNumber: o.invoice.loadNumber };
  return o.type === "invoice.issued"
    ? { ...envelope, type: "invoice.issued", data: { invoice: o.invoice, replaces: o.replaces ?? null } }
    : { ...envelope, type: "invoice.paid", data: { invoice: o.invoice } };
}

/**
 * A load has just become completed, in `tx`: raise its invoice with the next
 * number of the UK year of `today` (the issue day, YYYY-MM-DD). Its lines are the
 * load's price (after an accepted bid, the bid) and each approved waiting-time
 * claim not paid on an invoice of its own; the net is their sum. The carrier company's name and
 * VAT number are copied (an invoice is a document: a later rename does not change
 * it). It publishes invoice.issued (the company's members are told after commit).
 *
 * Call it last in the transaction. The year's counter row, once incremented, stays
 * locked until commit (that is what makes the sequence gapless across processes),
 * so everything else is done first and only the number and the insert come after
 * it: simultaneous completions queue for as short a time as possible.
 */
export async function raiseInvoice(tx: Tx, ctx: AppContext, load: LoadRow, today: string, opts: { replaces?: string | null } = {}): Promise<InvoiceRow> {
  const now = ctx.clock.now();
  // a live invoice left by data from before this rule (never by the paths here): it goes first
  const stale = await voidLiveInvoice(tx, load.id, now);
  const company = await repo.carrierCompanyOf(tx, load);
  // the claims of the company invoiced: a load handed back and booked again does not pay the first carrier's waiting to the second
  const claims = company ? await repo.approvedClaimsOf(tx, load.id, company.id) : [];
  const lines = [priceLine(load), ...claims.map(claimLine)];
  return insertInvoice(tx, ctx, load, today, { company, lines, claimId: null, replaces: opts.replaces ?? stale?.number ?? null });
}

/** Number, insert and announce an invoice of these lines for the load's carrier company (call last: see raiseInvoice). */
async function insertInvoice(
  tx: Tx,
  ctx: AppContext,
  load: LoadRow,
  today: string,
  v: { company: repo.CarrierCompany | undefined; lines: StoredInvoiceLine[]; claimId: string | null; replaces: string | null },
): Promise<InvoiceRow> {
  const now = ctx.clock.now();
  const { company } = v;
  const settings = await repo.readInvoiceSettings(tx);
  const vatNumber = company?.vatNumber.trim() ?? "";
  const amounts = invoiceAmounts(netOf(v.lines), vatNumber !== "");
  const dueOn = addDays(today, settings.paymentTermsDays);
  // SB-{UK year of issue}-{next of the year}, drawn and inserted in one statement
  const invoice = await repo.insertNumberedInvoice(tx, Number(today.slice(0, 4)), {
    loadId: load.id,
    companyId: company?.id ?? null,
    carrierName: company?.name ?? (load.acceptedByCarrier?.trim() || "Unknown Carrier"),
    carrierVatNumber: vatNumber,
    lines: v.lines,
    claimId: v.claimId,
    ...amounts,
    issuedOn: today,
    dueOn,
    status: "issued",
    createdAt: now,
    updatedAt: now,
  });
  // raised by the network on the carrier's behalf: no actor (the member who completed POD is told too)
  const issued = toInvoice({ ...invoice, loadNumber: load.loadNumber }, today);
  await ctx.events.publish(tx, [invoiceEvent({ type: "invoice.issued", invoice: issued, actor: null, now, replaces: v.replaces })]);
  return invoice;
}

/**
 * Staff approved a waiting-time claim on `load`, in their transaction: the claim
 * reaches an invoice. Not completed yet: nothing now (raiseInvoice adds the line at
 * completion). Its invoice issued: voided and raised again with the line (a new
 * number, as an edit). Its invoice paid (or a completed load never invoiced): an
 * invoice of its own carries the claim alone, so nothing paid is ever changed.
 */
export async function afterClaimApproved(tx: Tx, ctx: AppContext, load: LoadRow, claimId: string): Promise<InvoiceRow | null> {
  if (load.status !== "completed") return null;
  const today = ukDayKey(ctx.clock.now());
  const claim = await repo.findApprovedClaim(tx, claimId);
  if (!claim) return null;
  const company = await repo.carrierCompanyOf(tx, load);
  const live = await repo.lockLiveInvoice(tx, load.id);
  if (live?.status === "issued" && company?.id === claim.companyId) return raiseInvoice(tx, ctx, load, today);
  // paid, never invoiced, or invoiced to a company that booked the load after the claimant: the claimant's own invoice
  const claimant = company?.id === claim.companyId ? company : await repo.findCompanyRow(tx, claim.companyId);
  return insertInvoice(tx, ctx, load, today, { company: claimant, lines: [claimLine(claim)], claimId: claim.id, replaces: null });
}

/**
 * The load no longer stands completed as invoiced: void its live invoice, if it
 * has one. A paid invoice is never voided: the change is refused (409) instead,
 * and the transaction with it (docs/decisions/0017-invoices.md).
 */
export async function voidLiveInvoice(tx: Tx, loadId: string, now: Date): Promise<InvoiceRow | null> {
  const live = await repo.lockLiveInvoice(tx, loadId);
  if (!live) return null;
  if (live.status === "paid") throw new AppError(409, INVOICE_MSG.paidLocked);
  await repo.voidInvoiceRow(tx, live.id, now);
  return live;
}

/** What the invoice and its PDF show of the load: a change to any of these re-raises it. */
const INVOICED_FIELDS = [
  "price",
  "acceptedBy",
  "acceptedByCarrier",
  "loadNumber",
  "mandataNumber",
  "pickupCity",
  "pickupZip",
  "pickupDate",
  "deliveryCity",
  "deliveryZip",
  "deliveryDate",
  "cargoType",
] as const satisfies readonly (keyof LoadRow)[];

/**
 * A completed load was edited, in `tx` (`load` as written, `fields` the columns
 * whose value changed): when the edit changes what its invoice shows, the invoice
 * is voided and a new one raised at once, with a new number. A completed load
 * without a live invoice (completed before invoicing began) is left without one.
 */
export async function afterLoadEdit(tx: Tx, ctx: AppContext, load: LoadRow, fields: readonly string[]): Promise<InvoiceRow | null> {
  if (load.status !== "completed") return null;
  if (!INVOICED_FIELDS.some((f) => fields.includes(f))) return null;
  const now = ctx.clock.now();
  const old = await voidLiveInvoice(tx, load.id, now);
  if (!old) return null;
  return raiseInvoice(tx, ctx, load, ukDayKey(now), { replaces: old.number });
}

// ---------------------------------------------------------------- reading

/** What the list query's schema cannot say: from and to are real days (2026-02-30 → 400, not a database error). */
export function checkInvoiceListQuery(query: Pick<InvoiceListQuery, "from" | "to">): void {
  for (const [path, v] of [["from", query.from], ["to", query.to]] as const) {
    if (v && !isRealDay(v)) throw new AppError(400, INVOICE_MSG.dateInvalid, [{ path, message: INVOICE_MSG.dateInvalid }]);
  }
}

/**
 * GET /api/invoices: the viewer's invoices (a carrier their company's, staff all),
 * newest first. `withTotal: false` skips the count (the CSV export reads page after page).
 */
export async function listInvoices(opts: { ctx: AppContext; viewer: Viewer; query: InvoiceListQuery; withTotal?: boolean }): Promise<{ items: Invoice[]; total: number }> {
  const { ctx, viewer, query } = opts;
  checkInvoiceListQuery(query);
  const today = ukDayKey(ctx.clock.now());
  const where = repo.invoiceWhere({
    companyId: scopeOf(viewer),
    status: query.status,
    carrier: query.carrier || undefined,
    from: query.from,
    to: query.to,
    overdue: query.overdue === undefined ? undefined : query.overdue === "true",
    today,
  });
  const page = { limit: query.limit ?? INVOICE_LIST_DEFAULT, offset: query.offset ?? 0 };
  const [rows, total] = await Promise.all([repo.listInvoiceRows(ctx.db, where, page), opts.withTotal === false ? -1 : repo.countInvoiceRows(ctx.db, where)]);
  return { items: rows.map((r) => toInvoice(r, today)), total };
}

export async function getInvoice(opts: { ctx: AppContext; viewer: Viewer; id: string }): Promise<Invoice> {
  return toInvoice(await visibleInvoice(opts.ctx.db, opts.viewer, opts.id), ukDayKey(opts.ctx.clock.now()));
}

/** GET /api/invoices/{id}/pdf: the invoice drawn with its load as it is and the network's current details. */
export async function invoicePdf(opts: { ctx: AppContext; viewer: Viewer; id: string }): Promise<{ body: Buffer; fileName: string }> {
  const { ctx } = opts;
  const invoice = await visibleInvoice(ctx.db, opts.viewer, opts.id);
  const [load, settings] = await Promise.all([repo.findInvoiceLoad(ctx.db, invoice.loadId), repo.readInvoiceSettings(ctx.db)]);
  // load_id is ON DELETE RESTRICT: an invoice's load is always there
  const body = await renderInvoicePdf({ invoice, load: load!, settings, productName: ctx.config.productName });
  return { body, fileName: `${invoice.number}.pdf` };
}

// ---------------------------------------------------------------- paying (staff)

function checkPaidOn(paidOn: string, today: string): void {
  if (!isRealDay(paidOn)) throw new AppError(400, INVOICE_MSG.paidOnInvalid, [{ path: "paidOn", message: INVOICE_MSG.paidOnInvalid }]);
  if (paidOn > today) throw new AppError(400, INVOICE_MSG.paidOnFuture, [{ path: "paidOn", message: INVOICE_MSG.paidOnFuture }]);
}

async function payLocked(tx: Tx, ctx: AppContext, actor: Payer, row: repo.InvoiceWithLoad, input: { paidOn: string; paymentReference: string }, now: Date) {
  await repo.setInvoicePaid(tx, row.id, { ...input, now });
  const paid = { ...row, status: "paid", paidOn: input.paidOn, paymentReference: input.paymentReference, updatedAt: now };
  await ctx.events.publish(tx, [invoiceEvent({ type: "invoice.paid", invoice: toInvoice(paid, ukDayKey(now)), actor: { id: actor.id, name: actor.name }, now })]);
  return paid;
}

/** Staff paying invoices: named in the invoice.paid event. */
type Payer = Viewer & Pick<UserRow, "name">;

/** POST /api/invoices/{id}/paid: only an issued invoice (else 409); paid on a day from its issue to today. */
export async function markInvoicePaid(opts: { ctx: AppContext; actor: Payer; id: string; input: MarkPaidInput }): Promise<Invoice> {
  const { ctx, actor, id } = opts;
  const input = { paidOn: opts.input.paidOn, paymentReference: opts.input.paymentReference.trim() };
  const now = ctx.clock.now();
  const today = ukDayKey(now);
  checkPaidOn(input.paidOn, today);
  const paid = await ctx.db.transaction(async (tx) => {
    const [row] = await repo.lockInvoices(tx, [id]);
    if (!row) throw new AppError(404, MSG.notFound);
    if (row.status !== "issued") throw new AppError(409, INVOICE_MSG.notIssued);
    if (input.paidOn < row.issuedOn) throw new AppError(400, INVOICE_MSG.paidOnBeforeIssue, [{ path: "paidOn", message: INVOICE_MSG.paidOnBeforeIssue }]);
    return payLocked(tx, ctx, actor, row, input, now);
  });
  return toInvoice(paid, today);
}

/**
 * POST /api/invoices/paid: a payment run, in one transaction. Each issued invoice
 * is paid; every other id is reported as skipped with the reason, so one stale
 * line does not hold up the rest. A paid date that is no date or in the future
 * refuses the whole run (400): it is the run's, not one invoice's.
 */
export async function bulkMarkPaid(opts: { ctx: AppContext; actor: Payer; input: MarkPaidInput & { ids: string[] } }): Promise<BulkMarkPaidResult> {
  const { ctx, actor } = opts;
  const input = { paidOn: opts.input.paidOn, paymentReference: opts.input.paymentReference.trim() };
  const now = ctx.clock.now();
  const today = ukDayKey(now);
  checkPaidOn(input.paidOn, today);
  const ids = [...new Set(opts.input.ids.map((i) => i.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    const rows = new Map((await repo.lockInvoices(tx, ids)).map((r) => [r.id, r]));
    const result: BulkMarkPaidResult = { paid: [], skipped: [] };
    for (const id of ids) {
      const row = rows.get(id);
      const reason = !row ? "notFound" : row.status === "paid" ? "paid" : row.status === "void" ? "void" : input.paidOn < row.issuedOn ? "beforeIssue" : null;
      if (reason) result.skipped.push({ id, number: row?.number ?? null, reason, message: BULK_SKIP_REASONS[reason] });
      else result.paid.push(toInvoice(await payLocked(tx, ctx, actor, row!, input, now), today));
    }
    return result;
  });
}

// ---------------------------------------------------------------- settings (staff)

export const getInvoiceSettings = (opts: { db: DbOrTx }): Promise<InvoiceSettings> => repo.readInvoiceSettings(opts.db);

export async function setInvoiceSettings(opts: { db: DbOrTx; input: InvoiceSettings; now: Date }): Promise<InvoiceSettings> {
  await repo.writeInvoiceSettings(opts.db, opts.input, opts.now);
  return repo.readInvoiceSettings(opts.db);
}

// ---------------------------------------------------------------- for the reactions

/** Companies merged: the invoices follow (in the merge's transaction). */
export const moveCompanyInvoices = (opts: { tx: DbOrTx; fromCompanyId: string; toCompanyId: string }): Promise<number> =>
  repo.moveInvoiceRows(opts.tx, opts.fromCompanyId, opts.toCompanyId);
