// GET and POST /api/companies/{id}/documents:
// the company's insurance, licence and FORS documents; a new one is posted after
// its file went through POST /api/objects/upload (web/lib/upload.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CompanyDocument, DocumentCreate } from "@contract/schemas/company";
import { api, newIdempotencyKey } from "../../../lib/api";
import { companyKey } from "./company";
import { COMPLIANCE_ME_KEY } from "../../booking-compliance";

export const documentsKey = (companyId: string) => ["/api/companies", companyId, "documents"] as const;

export function useCompanyDocuments(companyId: string | null | undefined) {
  return useQuery({
    queryKey: documentsKey(companyId ?? ""),
    // a company keeps a handful of documents a year: the first page of 100 is all of them
    queryFn: () => api.get<CompanyDocument[]>(`/api/companies/${encodeURIComponent(companyId!)}/documents?limit=100`),
    enabled: !!companyId,
  });
}

export function useAddDocument(companyId: string) {
  const qc = useQueryClient();
  return useMutation({
    // one Idempotency-Key per submit: a retry after a lost answer records the document once
    mutationFn: (input: DocumentCreate) =>
      api.post<CompanyDocument>(`/api/companies/${encodeURIComponent(companyId)}/documents`, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: documentsKey(companyId) });
      void qc.invalidateQueries({ queryKey: companyKey(companyId) });
      void qc.invalidateQueries({ queryKey: COMPLIANCE_ME_KEY });
    },
  });
}
