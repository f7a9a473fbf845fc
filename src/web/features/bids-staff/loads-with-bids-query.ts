// The Loads with Bids list (staff): its URL and query, and the tab's count (the
// admin dashboard shows it on the tab; both read the same first page).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { LoadWithPendingBids } from "@contract/schemas/bid";
import { getWithEtag } from "../../lib/api";
import { pageQuery, type PageParams } from "../../lib/page-query";

const LOADS_KEY = ["/api/loads"] as const;

/** Loads per page of the tab. */
export const LOADS_WITH_BIDS_PAGE_SIZE = 50;
/** The tab's first page (contract: newest pickup first): the tab count reads its total, so both share one poll. */
const FIRST_PAGE: PageParams = { limit: LOADS_WITH_BIDS_PAGE_SIZE, offset: 0, sort: "-pickupDate" };

/**
 * GET /api/loads/with-bids (staff): one page of the Loads with Bids tab, paged,
 * sorted and searched by the server, with the true total (X-Total-Count); at the
 * admin bids interval. The key starts with "/api/loads", so a bid or
 * load change (and the live stream) refreshes it.
 */
/** The URL the Loads with Bids tab fetches for a page (its Export button builds the export's from it). */
export const loadsWithBidsUrl = (p: PageParams): string => `/api/loads/with-bids?${pageQuery(p)}`;

export function useLoadsWithBids(p: PageParams) {
  const url = loadsWithBidsUrl(p);
  return useQuery({
    queryKey: [...LOADS_KEY, "with-bids", url],
    queryFn: async () => {
      const { data, total } = await getWithEtag<LoadWithPendingBids[]>(url);
      return { rows: data, total: total ?? data.length };
    },
    refetchInterval: POLL.adminBids,
    placeholderData: keepPreviousData,
  });
}

/** Count for the tab badge: every available load with at least one pending bid (the true total). */
export function useLoadsWithBidsCount(): number | undefined {
  return useLoadsWithBids(FIRST_PAGE).data?.total;
}
