// What invoices do when something happens elsewhere. In the change's transaction
// (they must commit or fail with it): a load completed raises its invoice; an edit
// of what a completed load's invoice shows voids it and raises a new one; a load
// that leaves completed voids it, and a paid invoice refuses that change (409, the
// one veto a reaction may cast); merged companies take their invoices along; an
// approved waiting-time claim reaches the load's invoice (afterClaimApproved).
// After commit: the company's members are told of an invoice raised or paid.
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { loads, type LoadRow } from "../../db/schema";
import type { Tx } from "../../db/client";
import { ORDER } from "../../events/event-bus";
import { MY_INVOICES_PATH } from "../../../contract/schemas/invoice";
import { ukDayKey } from "../../../contract/wall-clock";
import { notify } from "../notifications/notifications.service";
import { afterClaimApproved, afterLoadEdit, moveCompanyInvoices, raiseInvoice, voidLiveInvoice } from "./invoices.service";
import { issuedText, paidText } from "./invoice-text";
import { companyMemberIds } from "./invoices.repository";

async function loadRow(tx: Tx, id: string): Promise<LoadRow> {
  const [row] = await tx.select().from(loads).where(eq(loads.id, id));
  if (!row) throw new Error(`load ${id} of an event is gone`);
  return row;
}

const route = (l: Pick<LoadRow, "pickupCity" | "deliveryCity">) => `${l.pickupCity} → ${l.deliveryCity}`;

export function registerInvoiceReactions(ctx: AppContext): void {
  ctx.events.inTransaction({
    name: "invoices",
    // last: raising an invoice holds its year's counter row until commit
    order: ORDER.invoices,
    types: ["load.completed", "load.edited", "load.cancelled", "load.made_available", "company.merged", "claim.decided"],
    async handle(event, { tx }) {
      const now = new Date(event.occurredAt);
      switch (event.type) {
        case "load.completed":
          await raiseInvoice(tx, ctx, await loadRow(tx, event.loadId!), ukDayKey(now));
          return;
        case "load.edited":
          await afterLoadEdit(tx, ctx, await loadRow(tx, event.loadId!), event.data.fields);
          return;
        case "load.cancelled":
        case "load.made_available":
          // the load no longer stands completed as invoiced (a paid invoice refuses: 409)
          if (event.data.fromStatus === "completed") await voidLiveInvoice(tx, event.loadId!, now);
          return;
        case "company.merged":
          await moveCompanyInvoices({ tx, fromCompanyId: event.data.companyId, toCompanyId: event.data.intoCompanyId });
          return;
        case "claim.decided":
          // a rejected claim pays nothing; an approved one is a line on an invoice
          if (event.data.claim.status === "approved") await afterClaimApproved(tx, ctx, await loadRow(tx, event.loadId!), event.data.claim.id);
          return;
      }
    },
  });

  ctx.events.afterCommit({
    name: "invoice-notices",
    types: ["invoice.issued", "invoice.paid"],
    async handle(events, { tx }) {
      for (const event of events) {
        const invoice = event.data.invoice;
        const recipients = await companyMemberIds(tx, invoice.companyId);
        const mail = { link: { label: "Open My Invoices", path: MY_INVOICES_PATH } };
        if (event.type === "invoice.issued") {
          const load = await loadRow(tx, invoice.loadId);
          await notify({
            ctx,
            tx,
            type: "invoice_issued",
            recipients,
            // raised by the network on the carrier's behalf: the member who completed POD is told too
            actorId: null,
            loadId: invoice.loadId,
            ...issuedText({
              gross: String(invoice.gross),
              vat: String(invoice.vat),
              dueOn: invoice.dueOn,
              loadNumber: invoice.loadNumber,
              route: route(load),
              replaces: event.data.replaces,
            }),
            mail,
          });
        } else {
          await notify({
            ctx,
            tx,
            type: "invoice_paid",
            recipients,
            actorId: event.actor?.id ?? null,
            loadId: invoice.loadId,
            ...paidText({ number: invoice.number, gross: invoice.gross, loadNumber: invoice.loadNumber, paidOn: invoice.paidOn ?? "", paymentReference: invoice.paymentReference ?? "" }),
            mail,
          });
        }
      }
    },
  });
}
