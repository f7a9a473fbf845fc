// Waiting-time claims and the network's waiting-time terms:
//   GET|PUT /api/admin/waiting-time-settings       staff (ranges as the contract's, else 400)
//   POST    /api/loads/:id/waiting-claims          a member of the company holding the booked load (others 404, staff 403)
//   GET     /api/waiting-claims                    signed in: a carrier their company's, staff all (?status, ?companyId, ?search; paged, X-Total-Count)
//   POST    /api/waiting-claims/:id/approve        staff: a pending claim (else 409), the amount or less with a reason
//   POST    /api/waiting-claims/:id/reject         staff: a pending claim (else 409), with a reason
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { idParam, parse } from "../../lib/validate";
import { assertStorableText } from "../../lib/storable-text";
import { requireStaff, requireUser } from "../../plugins/session";
import { approveClaimSchema, rejectClaimSchema, waitingClaimListSchema, waitingClaimSchema, waitingTimeSettingsSchema } from "../../../contract/schemas/claim";
import { approveClaim, listClaims, rejectClaim, submitClaim } from "./claims.service";
import { getWaitingSettings, setWaitingSettings } from "./waiting-settings.service";
import { registerClaimNotices } from "./claim-notices";
import { registerWaitingTermsPart } from "./waiting-terms-part";

export async function registerClaimsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerClaimNotices(ctx);
  registerWaitingTermsPart(ctx);
  const { db } = ctx;

  app.get("/api/admin/waiting-time-settings", async (req) => {
    requireStaff(req);
    return getWaitingSettings({ db });
  });

  app.put("/api/admin/waiting-time-settings", async (req) => {
    requireStaff(req);
    return setWaitingSettings({ db, input: parse(waitingTimeSettingsSchema, req.body), now: ctx.clock.now() });
  });

  app.post("/api/loads/:id/waiting-claims", async (req, reply) => {
    const actor = requireUser(req);
    const loadId = idParam(req.params);
    assertStorableText(req.body);
    const claim = await submitClaim({ ctx, actor, loadId, input: parse(waitingClaimSchema, req.body) });
    return reply.status(201).send(claim);
  });

  app.get("/api/waiting-claims", async (req, reply) => {
    const viewer = requireUser(req);
    assertStorableText(req.query);
    const { items, total } = await listClaims({ ctx, viewer, query: parse(waitingClaimListSchema, req.query) });
    reply.header("X-Total-Count", String(total));
    return items;
  });

  app.post("/api/waiting-claims/:id/approve", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    assertStorableText(req.body);
    return approveClaim({ ctx, actor, id, input: parse(approveClaimSchema, req.body ?? {}) });
  });

  app.post("/api/waiting-claims/:id/reject", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    assertStorableText(req.body);
    return rejectClaim({ ctx, actor, id, input: parse(rejectClaimSchema, req.body) });
  });
}
