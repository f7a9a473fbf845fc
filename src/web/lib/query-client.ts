import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/** The current user's query (GET /api/auth/user): null when signed out. */
export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/**
 * A 401 from any other call means the session ended under us (signed out in
 * another tab, password changed elsewhere, approval withdrawn, expired): ask who
 * we are again, so the app falls back to the sign-in screen instead of leaving a
 * board that silently stops updating.
 */
function onError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
}

// no retry, never stale by default, no refetch on window focus.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
