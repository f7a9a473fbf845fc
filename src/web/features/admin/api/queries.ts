// Admin reads, polled (POLL). Keys start with the URL so any feature
// that invalidates ["/api/loads"] or ["/api/users"] refreshes these too.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import { DEFAULT_LOAD_SORT, type Load, type LoadSort, type LoadStatusFilter } from "@contract/schemas/load";
import type { CarrierSummary } from "@contract/schemas/user";
import { api, getWithEtag } from "../../../lib/api";

/** The GET /api/loads filters the admin tabs use (contract query params). */
export interface AdminLoadFilters {
  /** "available" is on the board; "expired" is available with its pickup day over */
  statuses: LoadStatusFilter[];
  /** carrier names; "unassigned" for loads with no carrier */
  carriers: string[];
  /** pickup date, YYYY-MM-DD, inclusive UK days */
  from: string;
  to: string;
  /** load number, pickup city or delivery city (contract `search`) */
  search: string;
  /** the contract's `sort`, e.g. "-pickupDate" */
  sort: LoadSort;
}

export const EMPTY_FILTERS: AdminLoadFilters = { statuses: [], carriers: [], from: "", to: "", search: "", sort: DEFAULT_LOAD_SORT };

/** Loads per page of the admin tables: the server pages, sorts and searches the whole set (no list silently truncates). */
export const ADMIN_PAGE = 50;

export function loadsUrl(f: Partial<AdminLoadFilters>, page: { limit: number; offset: number }): string {
  const q = new URLSearchParams();
  if (f.statuses?.length) q.set("status", f.statuses.join(","));
  if (f.carriers?.length) q.set("carrier", f.carriers.join(","));
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  if (f.search) q.set("search", f.search);
  q.set("sort", f.sort ?? DEFAULT_LOAD_SORT);
  q.set("limit", String(page.limit));
  if (page.offset) q.set("offset", String(page.offset));
  return `/api/loads?${q.toString()}`;
}

/** One page of loads and the true total (X-Total-Count), every 8 s. */
export function useAdminLoads(f: Partial<AdminLoadFilters>, page = { limit: ADMIN_PAGE, offset: 0 }) {
  const url = loadsUrl(f, page);
  return useQuery({
    queryKey: ["/api/loads", "admin", url],
    queryFn: async () => {
      const { data, total } = await getWithEtag<Load[]>(url);
      return { loads: data, total: total ?? data.length };
    },
    refetchInterval: POLL.adminLoads,
    // filters stay put and the table does not blank while a new filter or page loads (ui.md)
    placeholderData: keepPreviousData,
  });
}

export const USERS_KEY = ["/api/users"] as const;
export const CARRIERS_KEY = ["/api/users/carrier"] as const;
export const PENDING_KEY = ["/api/users/pending"] as const;

/**
 * Every company, for the load filters' carrier options (the Carriers tab pages
 * through them: api/user-lists.ts). Bounded like every list: the first 1,000.
 */
export function useCarriers() {
  return useQuery({
    queryKey: CARRIERS_KEY,
    queryFn: () => api.get<CarrierSummary[]>("/api/users/carrier"),
    refetchInterval: POLL.carrierUsers,
  });
}

/** The PO number approving would issue now: the Approve dialog's starting value. */
export function useNextPoNumber(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/loads/next-po-number"],
    queryFn: () => api.get<{ mandataNumber: string }>("/api/loads/next-po-number"),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useNextLoadNumber(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/loads/next-number"],
    queryFn: () => api.get<{ loadNumber: string }>("/api/loads/next-number"),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
