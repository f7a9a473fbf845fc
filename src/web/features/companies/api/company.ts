// GET and PUT /api/companies/{id}: members
// read their company and edit its profile; only staff rename it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Company, CompanyUpdate } from "@contract/schemas/company";
import { api } from "../../../lib/api";
import { COMPLIANCE_ME_KEY } from "../../booking-compliance";

export const companyKey = (id: string) => ["/api/companies", id] as const;

export function useCompany(id: string | null | undefined) {
  return useQuery({
    queryKey: companyKey(id ?? ""),
    queryFn: () => api.get<Company>(`/api/companies/${encodeURIComponent(id!)}`),
    enabled: !!id,
  });
}

export function useUpdateCompany(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyUpdate) => api.put<Company>(`/api/companies/${encodeURIComponent(id)}`, input),
    onSuccess: (company) => {
      qc.setQueryData(companyKey(id), company);
      // a changed FORS claim sends the certificate back for review (docs/decisions/0013-compliance.md)
      void qc.invalidateQueries({ queryKey: COMPLIANCE_ME_KEY });
      void qc.invalidateQueries({ queryKey: ["/api/companies", id, "documents"] });
    },
  });
}
