// POST /api/login (spec §7). Session step of spec §4: on success the current user
// is refreshed first, then the caller redirects (staff → /admin, others → /).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, User } from "@contract/schemas/user";
import { isStaffRole } from "@contract/constants";
import { api, ApiError } from "../../../lib/api";
import { AUTH_USER_KEY } from "../use-auth";

export function homePathFor(user: { role: string; isAdmin: boolean } | null | undefined): string {
  return isStaffRole(user) ? "/admin" : "/";
}

/** spec §8 login messages: title and description of the destructive toast. */
export function loginErrorToast(err: unknown): { title: string; description: string } {
  if (err instanceof ApiError) {
    const body = err.body;
    if (err.status === 403 && body?.message === "pending_approval") {
      return {
        title: "Account Pending Approval",
        description: "Your account is awaiting admin approval. Please contact an administrator or try again later.",
      };
    }
    // 401 wrong credentials, 429 throttled, 400 invalid: the server's words
    return { title: "Login Failed", description: err.serverMessage || "Login failed" };
  }
  return { title: "Login Failed", description: "Invalid email or password." };
}

export function useLogin(onSignedIn: (user: User) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>("/api/login", input),
    onSuccess: async (user) => {
      await queryClient.refetchQueries({ queryKey: AUTH_USER_KEY });
      onSignedIn(queryClient.getQueryData<User | null>(AUTH_USER_KEY) ?? user);
    },
  });
}
