// Admin reads (spec §7, polling of §9). Keys start with the URL so any feature
// that invalidates ["/api/loads"] or ["/api/users"] refreshes these too.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { POLL, type LoadStatus } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import type { CarrierSummary, User, UserWithStats } from "@contract/schemas/user";
import { api, getWithEtag } from "../../../lib/api";

/** The GET /api/loads filters the admin tabs use (contract query params). */
export interface AdminLoadFilters {
  statuses: LoadStatus[];
  /** carrier names; "unassigned" for loads with no carrier */
  carriers: string[];
  /** pickup date, YYYY-MM-DD, inclusive UK days */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AdminLoadFilters = { statuses: [], carriers: [], from: "", to: "" };

export const ADMIN_PAGE = 500;

export function loadsUrl(f: Partial<AdminLoadFilters>): string {
  const q = new URLSearchParams();
  if (f.statuses?.length) q.set("status", f.statuses.join(","));
  if (f.carriers?.length) q.set("carrier", f.carriers.join(","));
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  // bounded: the newest-pickup 500 matching loads; the filters narrow the rest (issue 8)
  q.set("limit", String(ADMIN_PAGE));
  return `/api/loads?${q.toString()}`;
}

export function useAdminLoads(f: Partial<AdminLoadFilters>) {
  const url = loadsUrl(f);
  return useQuery({
    queryKey: ["/api/loads", "admin", url],
    queryFn: async () => (await getWithEtag<Load[]>(url)).data,
    refetchInterval: POLL.adminLoads,
    // filters stay put and the table does not blank while a new filter loads (ui.md)
    placeholderData: keepPreviousData,
  });
}

export const USERS_KEY = ["/api/users"] as const;
export const CARRIERS_KEY = ["/api/users/carrier"] as const;
export const PENDING_KEY = ["/api/users/pending"] as const;

export function useUsers() {
  return useQuery({ queryKey: USERS_KEY, queryFn: () => api.get<UserWithStats[]>("/api/users"), refetchInterval: POLL.users });
}

export function useCarriers() {
  return useQuery({
    queryKey: CARRIERS_KEY,
    queryFn: () => api.get<CarrierSummary[]>("/api/users/carrier"),
    refetchInterval: POLL.carrierUsers,
  });
}

export function usePendingUsers() {
  return useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => api.get<User[]>("/api/users/pending"),
    refetchInterval: POLL.pendingUsers,
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
