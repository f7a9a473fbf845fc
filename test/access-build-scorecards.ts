// Request builders of the access matrix: scorecards (the carrier's company's and the
// network's), the Carriers tab's new orders, and a reset that names a hand-back.
import { randomUUID } from "node:crypto";
import { carrierCompanyId, newLoad, type Builders } from "./access-world";

export const SCORECARDS_BUILD = {
  "scorecards.company": async (w) => ({ url: `/api/companies/${await carrierCompanyId(w)}/scorecard?days=90` }),
  "scorecards.company.unknown": async () => ({ url: `/api/companies/${randomUUID()}/scorecard` }),
  "scorecards.company.days": async (w) => ({ url: `/api/companies/${await carrierCompanyId(w)}/scorecard?days=6` }),
  "scorecards.network": async () => ({ url: "/api/scorecard/network?days=30" }),
  "scorecards.network.days": async () => ({ url: "/api/scorecard/network?days=366" }),
  "scorecards.companies.sort": async () => ({ url: "/api/companies?sort=-onTimeDelivery&limit=200" }),
  "scorecards.reset.withdrew": async (w) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "ownApproved")).id}/reset-to-available`, payload: { reason: "carrier withdrew" } }),
} satisfies Builders;
