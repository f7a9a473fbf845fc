// POST /api/auth/forgot-password: the answer is not read; the UI always
// says a reset email will be sent if the account exists.
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function useForgotPassword() {
  return useMutation({ mutationFn: (input: { email: string }) => api.post("/api/auth/forgot-password", input) });
}
