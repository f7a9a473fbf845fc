// The lines of a self-billing invoice: the load's price first, in the words the
// invoice PDF has always used, then each approved waiting-time claim in the
// contract's words ("Waiting time at delivery: 1 h 15 min beyond 2 h free") at the
// amount staff approved. The net is their exact sum.
import type { LoadRow, StoredInvoiceLine } from "../../db/schema";
import { waitingLineDescription, type Stop } from "../../../contract/schemas/claim";
import type { InvoiceLine } from "../../../contract/schemas/invoice";
import { moneyNumber, moneyText, sumMoney } from "./invoice-money";
import type { ApprovedClaim } from "./invoices.repository";

export function priceLine(load: Pick<LoadRow, "loadNumber" | "pickupCity" | "deliveryCity" | "price">): StoredInvoiceLine {
  return { description: `Haulage of load ${load.loadNumber}: ${load.pickupCity ?? ""} to ${load.deliveryCity ?? ""}`, amount: moneyText(load.price) };
}

export function claimLine(claim: ApprovedClaim): StoredInvoiceLine {
  return { description: waitingLineDescription(claim.stop as Stop, claim.chargeableMinutes, claim.freeMinutes), amount: moneyText(claim.amount) };
}

/** The net of these lines, 2-decimal text. */
export const netOf = (lines: readonly StoredInvoiceLine[]): string => sumMoney(lines.map((l) => l.amount));

/** Stored lines → the contract's (amounts as JSON numbers). */
export const toInvoiceLines = (lines: readonly StoredInvoiceLine[]): InvoiceLine[] => lines.map((l) => ({ description: l.description, amount: moneyNumber(l.amount) }));
