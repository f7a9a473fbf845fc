// Staff reads and writes for carrier companies and their documents. Keys start with the URL, like the admin lists, so
// one invalidation of ["/api/companies"] or ["/api/documents"] refreshes every view.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { CertificateForsLevel, Company, CompanyDocument, CompanyUpdate, ComplianceSettings, ComplianceSummary, DocumentView, ReviewDocument } from "@contract/schemas/company";
import type { User, UserWithStats } from "@contract/schemas/user";
import { api, ApiError, getWithEtag } from "../../lib/api";
import { toast } from "../../components/ui/toast";

export const COMPANIES_KEY = ["/api/companies"] as const;
export const DOCUMENTS_KEY = ["/api/documents"] as const;
export const SUMMARY_KEY = ["/api/compliance/summary"] as const;
export const SETTINGS_KEY = ["/api/admin/compliance-settings"] as const;

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Rows per page of the Compliance tab (like the other admin tabs). */
export const COMPLIANCE_PAGE = 50;
/** Rows a company picker offers at once: enough to find one by typing. */
const PICKER_LIMIT = 20;

const serverText = (e: unknown) => (e instanceof ApiError ? e.serverMessage : undefined);

async function getPage<T>(url: string): Promise<Page<T>> {
  const { data, total } = await getWithEtag<T[]>(url);
  return { rows: data, total: total ?? data.length };
}

// ------------------------------------------------------------------ reads

export function useComplianceSummary() {
  return useQuery({
    queryKey: SUMMARY_KEY,
    queryFn: () => api.get<ComplianceSummary>("/api/compliance/summary"),
    refetchInterval: POLL.pendingUsers,
  });
}

export function useReviewDocuments(view: DocumentView, page: { limit: number; offset: number }) {
  const url = `/api/documents?${new URLSearchParams({ view, limit: String(page.limit), offset: String(page.offset) })}`;
  return useQuery({
    queryKey: [DOCUMENTS_KEY[0], "review", url],
    queryFn: () => getPage<ReviewDocument>(url),
    refetchInterval: POLL.pendingUsers,
    placeholderData: keepPreviousData,
  });
}

/** Companies whose name matches `search` (the pickers and the Carriers tab's name lookup). */
export function useCompanySearch(search: string, enabled = true) {
  const q = new URLSearchParams({ limit: String(PICKER_LIMIT), offset: "0" });
  if (search.trim()) q.set("search", search.trim());
  const url = `/api/companies?${q}`;
  return useQuery({
    queryKey: [COMPANIES_KEY[0], "search", url],
    queryFn: () => getPage<Company>(url),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCompany(id: string | null) {
  return useQuery({
    queryKey: [COMPANIES_KEY[0], id],
    queryFn: () => api.get<Company>(`/api/companies/${id}`),
    enabled: !!id,
  });
}

export function useCompanyDocuments(id: string | null) {
  return useQuery({
    queryKey: [COMPANIES_KEY[0], id, "documents"],
    queryFn: () => api.get<CompanyDocument[]>(`/api/companies/${id}/documents`),
    enabled: !!id,
  });
}

/**
 * A company's members: the users whose company record is this one. The contract
 * gives users their `companyId`; the company's name finds them with the users
 * search, and the id keeps only the true members (a search for "Smith Haulage"
 * also finds "Smith Haulage Ltd").
 */
export function useCompanyMembers(company: Pick<Company, "id" | "name"> | null | undefined) {
  const url = company ? `/api/users?${new URLSearchParams({ search: company.name, limit: "1000", offset: "0", sort: "name" })}` : "";
  return useQuery({
    queryKey: ["/api/users", "company-members", company?.id, url],
    queryFn: async () => (await api.get<UserWithStats[]>(url)).filter((u) => u.companyId === company!.id),
    enabled: !!company,
  });
}

export function useComplianceSettings(enabled: boolean) {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.get<ComplianceSettings>("/api/admin/compliance-settings"),
    enabled,
  });
}

// ------------------------------------------------------------------ writes

/**
 * What a review can change: documents, counts, companies' and users' compliance.
 * A rename, merge or move (`bookings`) also renames bookings: the load lists too.
 */
function useInvalidateCompliance({ bookings = true }: { bookings?: boolean } = {}) {
  const qc = useQueryClient();
  const keys: (readonly string[])[] = [DOCUMENTS_KEY, SUMMARY_KEY, COMPANIES_KEY, ["/api/users"], ["/api/users/carrier"], ["/api/users/pending"]];
  if (bookings) keys.push(["/api/loads"], ["/api/auth/user"]);
  return () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useVerifyDocument() {
  const invalidate = useInvalidateCompliance({ bookings: false });
  return useMutation({
    // forsLevel: a FORS certificate verified at the level staff read on it
    mutationFn: (v: { doc: CompanyDocument; label: string; forsLevel?: CertificateForsLevel }) =>
      api.post<CompanyDocument>(`/api/documents/${v.doc.id}/verify`, v.forsLevel ? { forsLevel: v.forsLevel } : undefined),
    onSuccess: (d, v) => {
      toast.success("Document verified", d.forsLevel && d.forsLevel !== v.doc.forsLevel ? `${v.label}: verified as FORS ${d.forsLevel}` : v.label);
      return invalidate();
    },
    onError: (e) => toast.error("Failed to verify the document", serverText(e)),
  });
}

/** Reject with a reason; a failure is left to the dialog, which keeps the reason typed. */
export function useRejectDocument() {
  const invalidate = useInvalidateCompliance({ bookings: false });
  return useMutation({
    mutationFn: (v: { doc: CompanyDocument; reason: string; label: string }) =>
      api.post<CompanyDocument>(`/api/documents/${v.doc.id}/reject`, { reason: v.reason }),
    onSuccess: (_d, v) => {
      toast.success("Document rejected", `${v.label}: the carrier sees your reason.`);
      return invalidate();
    },
  });
}

export function useUpdateCompany() {
  const invalidate = useInvalidateCompliance();
  return useMutation({
    mutationFn: (v: { id: string; body: CompanyUpdate }) => api.put<Company>(`/api/companies/${v.id}`, v.body),
    onSuccess: (saved) => {
      toast.success("Company updated", saved?.name);
      return invalidate();
    },
  });
}

/**
 * The VAT rule (self-billing: the network pays the VAT it computes): staff confirm the
 * VAT number a member proposed (the one they saw: another → 409), or keep the one in
 * force, which settles the proposal. Invoices charge VAT only on a confirmed number.
 */
export function useDecideVatNumber() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: COMPANIES_KEY });
  return useMutation({
    mutationFn: (v: { company: Company; confirm: boolean }) =>
      v.confirm
        ? api.post<Company>(`/api/companies/${v.company.id}/vat-number/confirm`, { vatNumber: v.company.proposedVatNumber ?? "" })
        : api.put<Company>(`/api/companies/${v.company.id}`, { vatNumber: v.company.vatNumber }),
    onSuccess: (saved, v) => {
      toast.success(v.confirm ? "VAT number confirmed" : "VAT number kept", saved.vatNumber ? `Invoices charge VAT on ${saved.vatNumber}.` : "Invoices charge no VAT.");
      return refresh();
    },
    onError: (e) => {
      toast.error("Failed to decide the VAT number", serverText(e));
      // a 409: the proposal changed or was settled meanwhile; show what waits now
      return refresh();
    },
  });
}

/**
 * `onMerged` runs before the lists refresh: the dialog showing the merged company
 * must move to the survivor first, or its refetch of the deleted one would 404 and
 * unmount the very dialog that asked (so a per-call callback would never run).
 */
export function useMergeCompany({ onMerged }: { onMerged: (survivor: Company) => void }) {
  const invalidate = useInvalidateCompliance();
  return useMutation({
    mutationFn: (v: { from: Company; into: Company }) => api.post<Company>(`/api/companies/${v.from.id}/merge`, { intoId: v.into.id }),
    onSuccess: (survivor, v) => {
      toast.success("Companies merged", `${v.from.name} is now part of ${survivor?.name ?? v.into.name}.`);
      onMerged(survivor ?? v.into);
      return invalidate();
    },
    onError: (e) => toast.error("Failed to merge the companies", serverText(e)),
  });
}

export function useMoveUser() {
  const invalidate = useInvalidateCompliance();
  return useMutation({
    mutationFn: (v: { user: Pick<User, "id" | "name">; to: Company }) => api.put<User>(`/api/users/${v.user.id}/company`, { companyId: v.to.id }),
    onSuccess: (_d, v) => {
      toast.success("User moved", `${v.user.name} is now with ${v.to.name}.`);
      return invalidate();
    },
    onError: (e) => toast.error("Failed to move the user", serverText(e)),
  });
}

export function useSaveComplianceSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ComplianceSettings) => api.put<ComplianceSettings>("/api/admin/compliance-settings", v),
    onSuccess: (saved) => {
      qc.setQueryData(SETTINGS_KEY, saved);
      toast.success("Compliance settings saved");
    },
    onError: (e) => toast.error("Failed to save the compliance settings", serverText(e)),
  });
}
