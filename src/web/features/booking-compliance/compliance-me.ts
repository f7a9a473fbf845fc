// GET /api/compliance/me: the signed-in
// user's company, its compliance status, its verified FORS level and the two
// staff settings. The board reads it once (cached), never per card, to say why a
// load cannot be booked before the carrier presses a button that would fail.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { ComplianceMe } from "@contract/schemas/company";
import { api, ApiError } from "../../lib/api";

export type { ComplianceMe };

export const COMPLIANCE_ME_KEY = ["/api/compliance/me"] as const;

/**
 * Fresh for a minute: the status changes only when staff review a document or a
 * day passes; a refused booking (below) and a document upload refetch it at once.
 */
export function useComplianceMe(enabled = true) {
  return useQuery({
    queryKey: COMPLIANCE_ME_KEY,
    queryFn: () => api.get<ComplianceMe>("/api/compliance/me"),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    enabled,
  });
}

/** After a 409 from accept or bid the status we had may be out of date (a document expired, staff changed a setting): ask again. */
export function refreshComplianceOn409(qc: QueryClient, err: unknown): void {
  if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: COMPLIANCE_ME_KEY });
}
