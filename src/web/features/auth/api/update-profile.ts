// PUT /api/users/{id}: a user edits their own name and contact number; staff
// may also change their own company (contract). The current user is refreshed afterwards.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@contract/schemas/user";
import { api } from "../../../lib/api";
import { AUTH_USER_KEY } from "../../../lib/use-auth";

export interface ProfileInput {
  name: string;
  /** staff only: anyone else's company is changed by staff */
  carrierName?: string;
  contactNumber: string;
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<User>(`/api/users/${encodeURIComponent(userId)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}
