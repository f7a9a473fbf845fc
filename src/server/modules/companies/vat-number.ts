// The VAT rule: self-billing means the network
// pays the VAT it computes, so invoices charge VAT only on a number staff have
// confirmed. A member's VAT number is a proposal (companies.proposed_vat_number,
// staff told through the company.vat_number_proposed event); it becomes the
// company's vat_number when staff confirm it, or staff set vat_number themselves.
// Each staff decision is a line of the company's history: a company.vat_number_confirmed
// event in the event log, with who and when.
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import type { CompanyRow, UserRow } from "../../db/schema";
import type { NewEvent } from "../../../contract/events";
import { AppError } from "../../lib/app-error";
import { MSG } from "../../../contract/messages";
import { COMPANY_MSG } from "../../../contract/schemas/company";
import { findCompanyById, updateCompanyRow } from "./companies.repository";

type Actor = Pick<UserRow, "id" | "name">;

/**
 * What a PUT's `vatNumber` changes, and the history it makes. Staff set the number
 * (settling any proposal); a member's differing number waits as the proposal, and a
 * member sending the confirmed number back withdraws theirs.
 */
export function vatNumberChange(v: { row: CompanyRow; vatNumber: string; staff: boolean; actor: Actor; now: Date }): {
  set: Partial<CompanyRow>;
  events: NewEvent[];
} {
  const { row, vatNumber, actor, now } = v;
  const base = { occurredAt: now, actor: { id: actor.id, name: actor.name }, loadId: null, loadNumber: null };
  if (v.staff) {
    // sending the number in force with nothing waiting is no decision: no line
    if (vatNumber === row.vatNumber && row.proposedVatNumber === null) return { set: {}, events: [] };
    const data = { companyId: row.id, vatNumber, previous: row.vatNumber, proposal: row.proposedVatNumber, via: "staff" as const };
    return { set: { vatNumber, proposedVatNumber: null }, events: [{ ...base, type: "company.vat_number_confirmed", data }] };
  }
  if (vatNumber === row.vatNumber) return { set: row.proposedVatNumber === null ? {} : { proposedVatNumber: null }, events: [] };
  // the same proposal again (the form sends every field): staff were told already
  if (vatNumber === row.proposedVatNumber) return { set: {}, events: [] };
  const data = { companyId: row.id, companyName: row.name, vatNumber, current: row.vatNumber };
  return { set: { proposedVatNumber: vatNumber }, events: [{ ...base, type: "company.vat_number_proposed", data }] };
}

/**
 * POST /api/companies/{id}/vat-number/confirm (staff): the proposal becomes the
 * company's VAT number, in one transaction with its history line. None waiting → 409;
 * `expected` (the proposal staff saw) no longer the proposal → 409.
 */
export async function confirmVatNumber(opts: { ctx: AppContext; actor: UserRow; id: string; expected?: string }): Promise<void> {
  const { ctx, actor, id, expected } = opts;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx: Tx) => {
    const row = await findCompanyById(tx, id, "update");
    if (!row) throw new AppError(404, MSG.notFound);
    const proposal = row.proposedVatNumber;
    if (proposal === null) throw new AppError(409, COMPANY_MSG.noVatProposal);
    if (expected !== undefined && expected !== proposal) throw new AppError(409, COMPANY_MSG.vatProposalChanged);
    await updateCompanyRow(tx, id, { vatNumber: proposal, proposedVatNumber: null, updatedAt: now });
    await ctx.events.publish(tx, [
      {
        type: "company.vat_number_confirmed",
        occurredAt: now,
        actor: { id: actor.id, name: actor.name },
        loadId: null,
        loadNumber: null,
        data: { companyId: id, vatNumber: proposal, previous: row.vatNumber, proposal, via: "proposal" },
      },
    ]);
  });
}
