// The scorecards' calls: a company's (staff, and the company's own members; anyone else
// 404) and the network's (anyone signed in). Figures move with each completed load and
// paid invoice, not by the second: kept a minute, and the previous period stays on
// screen while another loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CompanyScorecard, NetworkScorecard, SiteWaiting } from "@contract/schemas/scorecard";
import { api } from "../../lib/api";

export const companyScorecardUrl = (companyId: string, days: number) => `/api/companies/${encodeURIComponent(companyId)}/scorecard?days=${days}`;
export const networkScorecardUrl = (days: number) => `/api/scorecard/network?days=${days}`;

export function useCompanyScorecard(companyId: string | null, days: number) {
  return useQuery({
    queryKey: ["/api/companies", "scorecard", companyId, days],
    queryFn: () => api.get<CompanyScorecard>(companyScorecardUrl(companyId!, days)),
    enabled: !!companyId,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useNetworkScorecard(days: number) {
  return useQuery({
    queryKey: ["/api/scorecard/network", days],
    queryFn: () => api.get<NetworkScorecard>(networkScorecardUrl(days)),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** One stop area's waiting as GET /api/loads/{id} adds it (null: fewer than 3 recorded visits there). */
export type AreaWaiting = Pick<SiteWaiting, "postcodeArea" | "medianMinutes" | "visits">;
/** The `siteWaiting` part of a load's details. */
export interface LoadSiteWaiting {
  pickup: AreaWaiting | null;
  delivery: AreaWaiting | null;
}
