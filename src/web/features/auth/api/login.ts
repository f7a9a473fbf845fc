// POST /api/login. On success the current user
// is refreshed first, then the caller redirects (staff → /admin, others → /).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, User } from "@contract/schemas/user";
import { api } from "../../../lib/api";
import { AUTH_USER_KEY } from "../../../lib/use-auth";

// the words live in a React-free module the prerendered sign-in page shares
export { homePathFor, loginErrorToast } from "./login-messages";

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
