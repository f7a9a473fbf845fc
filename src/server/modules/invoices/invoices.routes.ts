// Self-billing invoices:
//   GET  /api/invoices                       signed in: a carrier their company's, staff all (filters, paged, X-Total-Count)
//   GET  /api/invoices/statement             signed in: PDF or CSV (staff: companyId required)
//   GET  /api/invoices/:id                   signed in, same visibility (else 404)
//   GET  /api/invoices/:id/pdf               signed in, same visibility (?download=1: save it)
//   POST /api/invoices/:id/paid              staff: only an issued invoice (else 409)
//   POST /api/invoices/paid                  staff: a payment run (our addition, docs/decisions/0017-invoices.md)
//   GET|PUT /api/admin/invoice-settings      staff, like the email schedule and compliance settings
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context";
import { idParam, parse } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { bulkMarkPaidSchema, invoiceListQuerySchema, invoiceSettingsSchema, markPaidSchema, statementQuerySchema } from "../../../contract/schemas/invoice";
import { assertStorableText } from "../../lib/storable-text";
import { bulkMarkPaid, getInvoice, getInvoiceSettings, invoicePdf, listInvoices, markInvoicePaid, setInvoiceSettings } from "./invoices.service";
import { registerInvoiceReactions } from "./invoice-reactions";
import { buildStatement, renderStatementPdf, statementCsv, statementFileName } from "./statement";

const downloadSchema = z.object({ download: z.string().max(10).optional() });

/** A document of one company: never kept by a shared cache. */
function sendFile(reply: FastifyReply, v: { body: Buffer; type: string; fileName: string; download: boolean }) {
  return reply
    .header("Content-Type", v.type)
    .header("Content-Disposition", `${v.download ? "attachment" : "inline"}; filename="${v.fileName}"`)
    .header("Cache-Control", "private, no-store")
    .send(v.body);
}

export async function registerInvoicesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerInvoiceReactions(ctx);
  const { db } = ctx;

  app.get("/api/invoices", async (req, reply) => {
    const viewer = requireUser(req);
    assertStorableText(req.query);
    const { items, total } = await listInvoices({ ctx, viewer, query: parse(invoiceListQuerySchema, req.query) });
    reply.header("X-Total-Count", String(total));
    return items;
  });

  // a static segment: Fastify's router prefers it to /:id whatever the order
  app.get("/api/invoices/statement", async (req, reply) => {
    const viewer = requireUser(req);
    const query = parse(statementQuerySchema, req.query);
    const statement = await buildStatement({ ctx, viewer, query });
    const csv = query.format === "csv";
    const body = csv ? statementCsv(statement) : await renderStatementPdf(statement);
    const { download } = parse(downloadSchema, req.query);
    return sendFile(reply, {
      body,
      type: csv ? "text/csv; charset=utf-8" : "application/pdf",
      fileName: statementFileName(statement, query.format),
      // a CSV is always a download; a PDF opens in the browser unless asked
      download: csv || download === "1" || download === "true",
    });
  });

  app.get("/api/invoices/:id", async (req) => {
    const viewer = requireUser(req);
    return getInvoice({ ctx, viewer, id: idParam(req.params) });
  });

  app.get("/api/invoices/:id/pdf", async (req, reply) => {
    const viewer = requireUser(req);
    const { download } = parse(downloadSchema, req.query);
    const { body, fileName } = await invoicePdf({ ctx, viewer, id: idParam(req.params) });
    return sendFile(reply, { body, type: "application/pdf", fileName, download: download === "1" || download === "true" });
  });

  app.post("/api/invoices/:id/paid", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    assertStorableText(req.body);
    return markInvoicePaid({ ctx, actor, id, input: parse(markPaidSchema, req.body) });
  });

  app.post("/api/invoices/paid", async (req) => {
    const actor = requireStaff(req);
    assertStorableText(req.body);
    return bulkMarkPaid({ ctx, actor, input: parse(bulkMarkPaidSchema, req.body) });
  });

  app.get("/api/admin/invoice-settings", async (req) => {
    requireStaff(req);
    return getInvoiceSettings({ db });
  });

  app.put("/api/admin/invoice-settings", async (req) => {
    requireStaff(req);
    assertStorableText(req.body);
    return setInvoiceSettings({ db, input: parse(invoiceSettingsSchema, req.body), now: ctx.clock.now() });
  });
}
