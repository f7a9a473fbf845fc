// The Users, Carriers and Pending tabs' reads, polled (POLL): one page
// at a time, sorted and searched by the server, with the total from X-Total-Count
// (contract: every list is bounded). Keys start with the URL, so the user
// mutations' invalidations (queries.ts keys) refresh them.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { CarrierSummary, PendingUser, UserWithStats } from "@contract/schemas/user";
import { getWithEtag } from "../../../lib/api";
import { pageQuery, type PageParams } from "../../../lib/page-query";
import { CARRIERS_KEY, PENDING_KEY, USERS_KEY } from "./queries";

export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** The URL a tab's page query fetches (its Export button builds the export's from it). */
export const listPageUrl = (path: string, p: PageParams): string => `${path}?${pageQuery(p)}`;

async function getPage<T>(path: string, p: PageParams): Promise<ListPage<T>> {
  const { data, total } = await getWithEtag<T[]>(listPageUrl(path, p));
  return { rows: data, total: total ?? data.length };
}

function usePage<T>(key: readonly [string], p: PageParams, refetchInterval: number) {
  return useQuery({
    queryKey: [key[0], "page", p],
    queryFn: () => getPage<T>(key[0], p),
    refetchInterval,
    // the table keeps its rows while the next page, order or search loads (ui.md: no layout jump)
    placeholderData: keepPreviousData,
  });
}

export const useUsersPage = (p: PageParams) => usePage<UserWithStats>(USERS_KEY, p, POLL.users);
export const useCarriersPage = (p: PageParams) => usePage<CarrierSummary>(CARRIERS_KEY, p, POLL.carrierUsers);
export const usePendingPage = (p: PageParams) => usePage<PendingUser>(PENDING_KEY, p, POLL.pendingUsers);

/** Rows per page of the three tabs. */
export const USER_LIST_PAGE = 50;
/** The Pending tab's first page: the tab count reads its total, so both share one poll. */
export const PENDING_FIRST_PAGE: PageParams = { limit: USER_LIST_PAGE, offset: 0 };

/** The Pending tab's count, the true total of registrations waiting. */
export function usePendingCount(): number | undefined {
  return usePendingPage(PENDING_FIRST_PAGE).data?.total;
}
