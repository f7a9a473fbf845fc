// POST /api/logout: clear every cached answer, then a full
// redirect to /login so no state of the signed-in user survives in memory.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, clearApiCaches } from "../../../lib/api";
import { toast } from "../../../components/ui/toast";
import { setFlashToast } from "../flash-toast";
import { hideUntilSessionChecked } from "../../../lib/session-guard";

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ success: boolean }>("/api/logout"),
    onSuccess: () => {
      queryClient.clear();
      clearApiCaches();
      // the toast would vanish with the page, so it is shown again after the reload
      setFlashToast({ kind: "success", title: "Logged Out", description: "You have been successfully logged out." });
      // the browser may keep this page for Back (bfcache): keep it blank until the
      // session is checked again there (lib/session-guard.ts)
      hideUntilSessionChecked();
      window.location.href = "/login";
    },
    onError: () => {
      toast.error("Logout failed");
    },
  });
}
