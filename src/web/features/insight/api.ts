// GET /api/insight?weeks=N (the staff insight page). Weekly figures change slowly: kept a minute,
// and the previous period stays on screen while another loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Insight } from "@contract/schemas/insight";
import { api } from "../../lib/api";

export const insightUrl = (weeks: number) => `/api/insight?weeks=${weeks}`;

export function useInsight(weeks: number) {
  return useQuery({
    queryKey: ["/api/insight", weeks],
    queryFn: () => api.get<Insight>(insightUrl(weeks)),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
