// POST /api/auth/reset-password {token, newPassword}.
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => api.post("/api/auth/reset-password", input),
  });
}
