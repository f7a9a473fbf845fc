// The invoice screens' calls. Keys start with the URL, like the admin lists, so one invalidation of
// ["/api/invoices"] refreshes every list; a new notification (an invoice raised or
// paid) refetches them too (lib/live.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkMarkPaidResult, Invoice, InvoiceSettings, MarkPaidInput } from "@contract/schemas/invoice";
import { api, getWithEtag, newIdempotencyKey } from "../../lib/api";
import { invoiceListUrl, type InvoiceFilters } from "./invoice-format";

export const INVOICES_KEY = ["/api/invoices"] as const;
const SETTINGS_KEY = ["/api/admin/invoice-settings"] as const;

export interface InvoicePage {
  rows: Invoice[];
  total: number;
}

/** Invoices are raised by a POD and paid by the office; a minute is soon enough when no notice arrives. */
const INVOICE_POLL_MS = 60_000;

export function useInvoices(filters: InvoiceFilters, page: { limit: number; offset: number }, enabled = true) {
  const url = invoiceListUrl(filters, page);
  return useQuery({
    queryKey: [INVOICES_KEY[0], "list", url],
    queryFn: async (): Promise<InvoicePage> => {
      const { data, total } = await getWithEtag<Invoice[]>(url);
      return { rows: data, total: total ?? data.length };
    },
    enabled,
    refetchInterval: INVOICE_POLL_MS,
    // the page in view stays while the next one loads (no layout jump)
    placeholderData: keepPreviousData,
  });
}

export function useMarkPaid() {
  const qc = useQueryClient();
  return useMutation({
    // one Idempotency-Key per click: a retry after a lost answer gets the first "paid", not a 409
    mutationFn: ({ id, ...input }: MarkPaidInput & { id: string }) =>
      api.post<Invoice>(`/api/invoices/${encodeURIComponent(id)}/paid`, input, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => qc.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}

export function useBulkMarkPaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkPaidInput & { ids: string[] }) => api.post<BulkMarkPaidResult>("/api/invoices/paid", input, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => qc.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}

export function useInvoiceSettings(enabled: boolean) {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.get<InvoiceSettings>("/api/admin/invoice-settings"), enabled });
}

export function useSaveInvoiceSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceSettings) => api.put<InvoiceSettings>("/api/admin/invoice-settings", input),
    onSuccess: (data) => qc.setQueryData(SETTINGS_KEY, data),
  });
}
