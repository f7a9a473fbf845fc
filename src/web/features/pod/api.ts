// POD calls (spec §7): PUT /api/loads/{id}/pod, and the network name for the
// printed document (GET /api/public-config).
import { useMutation, useQuery, useQueryClient, type Query } from "@tanstack/react-query";
import type { Load } from "@contract/schemas/load";
import type { PodInput } from "@contract/schemas/pod";
import { api, newIdempotencyKey } from "../../lib/api";

export const DEFAULT_PRODUCT_NAME = "Flatbed Network";

/** Loads and stats change when POD completes a load (spec §4): refresh every list and tile. */
export const touchedByPod = (q: Query) => {
  const k = q.queryKey[0];
  return typeof k === "string" && (k.startsWith("/api/loads") || k.startsWith("/api/stats"));
};

export function useCompletePod(loadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // one key per submit: a retry after a lost connection completes POD once
    mutationFn: (input: PodInput) => api.put<Load>(`/api/loads/${loadId}/pod`, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: touchedByPod }),
  });
}

export function useProductName(): string {
  const { data } = useQuery({
    queryKey: ["/api/public-config"],
    queryFn: () => api.get<{ productName?: string }>("/api/public-config"),
    staleTime: Infinity,
  });
  return data?.productName?.trim() || DEFAULT_PRODUCT_NAME;
}
