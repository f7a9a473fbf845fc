// Company documents:
// GET|POST /api/companies/{id}/documents (members and staff; others 404),
// POST /api/documents/{id}/verify | reject (staff), and the Compliance tab's
// GET /api/documents?view=pending|expiring|expired (staff; our addition,
// docs/decisions/0013-compliance.md). Parse, call the service, reply.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { idParam, parse } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { documentCreateSchema, documentListQuerySchema, documentRejectSchema, documentVerifySchema } from "../../../contract/schemas/company";
import { pageOf, pageQuerySchema } from "../../../contract/schemas/page";
import { assertStorableText } from "../../lib/storable-text";
import { assertCompanyDocumentsAccess, createCompanyDocument, listCompanyDocuments, listReviewDocuments, reviewDocument } from "./documents.service";
import { companyDocumentAccess } from "./document-files";

export async function registerDocumentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  ctx.objectAccess.register(companyDocumentAccess);

  app.get("/api/companies/:id/documents", async (req, reply) => {
    const viewer = requireUser(req);
    const companyId = idParam(req.params);
    const { items, total } = await listCompanyDocuments({ db, viewer, companyId, page: pageOf(parse(pageQuerySchema, req.query)) });
    reply.header("X-Total-Count", String(total));
    return items;
  });

  app.post("/api/companies/:id/documents", async (req, reply) => {
    const viewer = requireUser(req);
    const companyId = idParam(req.params);
    // who may post before what they posted: an outsider learns nothing from a 400
    await assertCompanyDocumentsAccess({ db, viewer, companyId });
    const input = parse(documentCreateSchema, req.body);
    return reply.status(201).send(await createCompanyDocument({ db, viewer, companyId, input, now: ctx.clock.now() }));
  });

  app.post("/api/documents/:id/verify", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    // no body: verified as uploaded; a FORS certificate's level may be corrected
    const { forsLevel } = parse(documentVerifySchema, req.body ?? undefined);
    return reviewDocument({ ctx, actor, id, decision: { status: "verified", forsLevel }, now: ctx.clock.now() });
  });

  app.post("/api/documents/:id/reject", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    assertStorableText(req.body);
    const { reason } = parse(documentRejectSchema, req.body);
    return reviewDocument({ ctx, actor, id, decision: { status: "rejected", reason }, now: ctx.clock.now() });
  });

  app.get("/api/documents", async (req, reply) => {
    requireStaff(req);
    const q = parse(documentListQuerySchema, req.query);
    const { items, total } = await listReviewDocuments({ db, view: q.view, page: pageOf(q), now: ctx.clock.now() });
    reply.header("X-Total-Count", String(total));
    return items;
  });
}
