// The scorecards' calls: a company's (staff, and the company's own members; anyone else
// 404) and the network's (anyone signed in). Figures move with each completed load and
// paid invoice, not by the second: kept a minute, and the previous period stays on
// screen while another loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CompanyScorecard, NetworkScorecard } from "@contract/schemas/scorecard";
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

/** The `siteWaiting` part of a load's details (contract): each stop's area, or null below 3 recorded visits. */
export type { SiteWaitingOfLoad } from "@contract/schemas/scorecard";
