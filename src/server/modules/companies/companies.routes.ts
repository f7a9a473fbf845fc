// Carrier companies: the staff
// list, one company to its members and staff, the profile edit, staff merges and
// moving a user. Parse, call the service, reply; the rules live in companies.service.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { idParam, parse } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { companyListQuerySchema, companyMergeSchema, companyUpdateSchema, moveUserSchema, vatConfirmSchema } from "../../../contract/schemas/company";
import { assertMaySee, confirmVatNumber, getCompany, listCompanies, mergeCompany, moveUserToCompany, updateCompany } from "./companies.service";

/** an edit needs an object: a missing or null body is a mistake, not "change nothing" */
function requireBody(body: unknown): unknown {
  if (body === null || body === undefined) throw new AppError(400, "Request body must be a JSON object");
  return body;
}

export async function registerCompaniesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // contract: staff list every company, with compliance and memberCount; bounded, total in X-Total-Count
  app.get("/api/companies", async (req, reply) => {
    requireStaff(req);
    const page = await listCompanies({ ctx, query: parse(companyListQuerySchema, req.query) });
    reply.header("X-Total-Count", String(page.total));
    return page.rows;
  });

  // contract: staff and its members; others 404
  app.get("/api/companies/:id", async (req) => {
    const actor = requireUser(req);
    return getCompany({ ctx, actor, id: idParam(req.params) });
  });

  app.put("/api/companies/:id", async (req) => {
    const actor = requireUser(req);
    const id = idParam(req.params);
    // another company's: not found before the body is even read
    assertMaySee(actor, id);
    const input = parse(companyUpdateSchema, requireBody(req.body));
    return updateCompany({ ctx, actor, id, input });
  });

  // the VAT rule: staff confirm a member's proposed VAT number (a member → 403)
  app.post("/api/companies/:id/vat-number/confirm", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    const { vatNumber } = parse(vatConfirmSchema, req.body ?? {});
    await confirmVatNumber({ ctx, actor, id, expected: vatNumber });
    return getCompany({ ctx, actor, id });
  });

  app.post("/api/companies/:id/merge", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    const { intoId } = parse(companyMergeSchema, requireBody(req.body));
    return mergeCompany({ ctx, actor, id, intoId: intoId.toLowerCase() });
  });

  app.put("/api/users/:id/company", async (req) => {
    requireStaff(req);
    const userId = idParam(req.params);
    const { companyId } = parse(moveUserSchema, requireBody(req.body));
    return moveUserToCompany({ ctx, userId, companyId: companyId.toLowerCase() });
  });
}
