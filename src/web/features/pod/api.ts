// POD calls: PUT /api/loads/{id}/pod (the printed document's network
// name is features/pod-document's).
import { useMutation, useQueryClient, type Query } from "@tanstack/react-query";
import type { Load } from "@contract/schemas/load";
import type { PodInput } from "@contract/schemas/pod";
import { api, newIdempotencyKey } from "../../lib/api";

/** Loads and stats change when POD completes a load: refresh every list and tile. */
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
