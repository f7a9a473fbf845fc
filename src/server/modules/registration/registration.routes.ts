// The applicant's calls (registration with documents, issue 17; registration.service.ts
// says how the applicant cookie works): POST /api/registration/upload,
// GET|POST /api/registration/documents. The file's PUT /api/registration/upload/:token
// is registered by the objects module, which holds the store. Without a valid
// applicant cookie every call is 401, before the body is read. A foreign Origin is
// refused (403) for these POSTs as for every other (plugins/security.ts).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { parse } from "../../lib/validate";
import { registrationDocumentSchema } from "../../../contract/schemas/company";
import { pageOf, pageQuerySchema } from "../../../contract/schemas/page";
import { createApplicantDocument, listApplicantDocuments } from "../companies/documents.service";
import { createApplicantUploadTicket, requireApplicant } from "./registration.service";

export async function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/registration/upload", async (req) => {
    const applicant = await requireApplicant(ctx, req);
    return createApplicantUploadTicket({ ctx, applicant });
  });

  app.post("/api/registration/documents", async (req, reply) => {
    const applicant = await requireApplicant(ctx, req);
    const input = parse(registrationDocumentSchema, req.body);
    return reply.status(201).send(await createApplicantDocument({ db: ctx.db, applicant, input, now: ctx.clock.now() }));
  });

  // contract: every list is bounded (at most 1,000 without a limit, the total in X-Total-Count)
  app.get("/api/registration/documents", async (req, reply) => {
    const applicant = await requireApplicant(ctx, req);
    const { items, total } = await listApplicantDocuments({ db: ctx.db, applicantId: applicant.id, page: pageOf(parse(pageQuerySchema, req.query)) });
    reply.header("X-Total-Count", String(total));
    return items;
  });
}
