// PATCH /api/users/{id}/change-password {currentPassword, newPassword}.
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api.patch(`/api/users/${encodeURIComponent(userId)}/change-password`, input),
  });
}
