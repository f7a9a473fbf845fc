// An applicant's insurance, added while the account waits for approval
// (docs/decisions/0013-compliance.md "Registration with documents"): the registration
// sets an `applicant` cookie that only these calls accept, for 2 hours. The file
// goes up through POST /api/registration/upload (then PUT, as every upload); the
// document is posted to POST /api/registration/documents and moves to the company
// on approval.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RegistrationDocument, RegistrationDocumentCreate } from "@contract/schemas/company";
import { api } from "../../../lib/api";

export const REGISTRATION_DOCUMENTS_KEY = ["/api/registration/documents"] as const;
export const REGISTRATION_UPLOAD_URL = "/api/registration/upload";

export function useRegistrationDocuments() {
  return useQuery({ queryKey: REGISTRATION_DOCUMENTS_KEY, queryFn: () => api.get<RegistrationDocument[]>("/api/registration/documents") });
}

export function useAddRegistrationDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationDocumentCreate) => api.post<RegistrationDocument>("/api/registration/documents", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: REGISTRATION_DOCUMENTS_KEY }),
  });
}
