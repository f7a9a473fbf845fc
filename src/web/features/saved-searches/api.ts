// Saved searches (each with its lane alert setting): the
// signed-in user's own, listed, saved from the board, edited and deleted.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SavedSearch, SavedSearchInput, SavedSearchUpdate } from "@contract/schemas/saved-search";
import { api, newIdempotencyKey } from "../../lib/api";

export const SAVED_SEARCHES_KEY = ["/api/saved-searches"] as const;

export function useSavedSearches() {
  return useQuery({ queryKey: SAVED_SEARCHES_KEY, queryFn: () => api.get<SavedSearch[]>("/api/saved-searches?limit=50") });
}

export function useCreateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    // one Idempotency-Key per save: a retry after a lost answer saves the search once
    mutationFn: (input: SavedSearchInput) => api.post<SavedSearch>("/api/saved-searches", input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export function useUpdateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: SavedSearchUpdate & { id: string }) => api.put<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
