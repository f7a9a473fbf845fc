import { QueryClient } from "@tanstack/react-query";

// spec §9: no retry, never stale by default, no refetch on window focus.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
