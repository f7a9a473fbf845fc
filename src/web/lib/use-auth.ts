// The current user (GET /api/auth/user): fresh for 5 minutes, no retry; decides signed-in and admin.
import { useQuery } from "@tanstack/react-query";
import type { User } from "@contract/schemas/user";
import { isAdminUser, isStaffRole } from "@contract/constants";
import { getOrNullOn401 } from "./api";
import { AUTH_USER_KEY } from "./query-client";

export { AUTH_USER_KEY };

export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: () => getOrNullOn401<User>("/api/auth/user"),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: !!user, isStaff: isStaffRole(user), isAdmin: isAdminUser(user) };
}
