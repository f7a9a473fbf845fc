// Compliance:
// GET|PUT /api/admin/compliance-settings (staff, like the email schedule),
// GET /api/compliance/summary (staff: the Compliance tab's counts) and
// GET /api/compliance/me (signed in: what the board needs to explain a refusal) and
// GET /api/admin/compliance-settings/preview (staff: what the switches would block,
// before saving them); the last three are our additions (docs/decisions/0013-compliance.md). The document
// reminders are the notifications module's.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { parse } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { complianceSettingsSchema } from "../../../contract/schemas/company";
import { compliancePreviewQuerySchema } from "../../../contract/schemas/compliance-preview";
import { previewComplianceSettings } from "./compliance-preview";
import { complianceMe, complianceSummary, getComplianceSettings, setComplianceSettings } from "./compliance.service";

export async function registerComplianceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.get("/api/admin/compliance-settings", async (req) => {
    requireStaff(req);
    return getComplianceSettings({ db });
  });

  app.put("/api/admin/compliance-settings", async (req) => {
    requireStaff(req);
    return setComplianceSettings({ db, input: parse(complianceSettingsSchema, req.body), now: ctx.clock.now() });
  });

  app.get("/api/admin/compliance-settings/preview", async (req) => {
    requireStaff(req);
    return previewComplianceSettings({ db, settings: parse(compliancePreviewQuerySchema, req.query), now: ctx.clock.now() });
  });

  app.get("/api/compliance/summary", async (req) => {
    requireStaff(req);
    return complianceSummary({ db, now: ctx.clock.now() });
  });

  app.get("/api/compliance/me", async (req) => {
    const user = requireUser(req);
    return complianceMe({ db, user, now: ctx.clock.now() });
  });
}
