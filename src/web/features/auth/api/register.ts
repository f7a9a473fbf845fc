// POST /api/register. Signed out it creates a pending carrier; a signed-in
// staff user creates an approved account (the server decides, contract).
import { useMutation } from "@tanstack/react-query";
import type { RegisterInput, User } from "@contract/schemas/user";
import { api } from "../../../lib/api";

export function useRegister() {
  return useMutation({ mutationFn: (input: RegisterInput) => api.post<User>("/api/register", input) });
}
