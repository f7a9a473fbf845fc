// The API tokens page's calls: admins only.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from "@contract/schemas/integration";
import { api, getWithEtag } from "../../lib/api";

export const API_TOKENS_KEY = ["/api/admin/api-tokens"] as const;
/** the contract's most a list answers; an admin has a handful of tokens */
const LIST_URL = "/api/admin/api-tokens?limit=200";

export function useApiTokens(enabled = true) {
  return useQuery({
    queryKey: API_TOKENS_KEY,
    queryFn: async () => {
      const { data, total } = await getWithEtag<ApiToken[]>(LIST_URL);
      return { rows: data, total: total ?? data.length };
    },
    enabled,
    // "last used" moves as systems call the API: a minute is fresh enough on this page
    refetchInterval: 60_000,
  });
}

export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    // No Idempotency-Key: the answer is the token itself, shown once, which the server never
    // keeps for a replay; a retry after a lost answer makes a second token, to be revoked.
    mutationFn: (input: ApiTokenCreate) => api.post<ApiTokenCreated>("/api/admin/api-tokens", input),
    onSettled: () => qc.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/api-tokens/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
