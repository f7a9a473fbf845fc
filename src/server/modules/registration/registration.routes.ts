// The applicant's calls (registration with documents; registration.service.ts
// says how the applicant cookie works): POST /api/registration/upload,
// GET|POST /api/registration/documents, and the file's PUT /api/registration/upload/:token
// (the objects module's upload, its uploader the applicant). Without a valid
// applicant cookie every call is 401, before the body is read. A foreign Origin is
// refused (403) for these POSTs as for every other (plugins/security.ts).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { parse } from "../../lib/validate";
import { registrationDocumentSchema } from "../../../contract/schemas/company";
import { pageOf, pageQuerySchema } from "../../../contract/schemas/page";
import { createApplicantDocument, listApplicantDocuments } from "../companies/documents.service";
import { registerUploadRoute } from "../objects/objects.service";
import { createApplicantUploadTicket, requireApplicant } from "./registration.service";

export async function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/registration/upload", async (req) => {
    const applicant = await requireApplicant(ctx, req);
    return createApplicantUploadTicket({ ctx, applicant });
  });
  // the same checks and store as a session's upload, authenticated by the applicant cookie
  await registerUploadRoute(app, ctx, { url: "/api/registration/upload/:token", uploader: (req) => requireApplicant(ctx, req) });

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
