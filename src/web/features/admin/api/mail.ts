// The mail outbox for staff: failed and waiting mail, resend, and
// the progress of the available-loads email just queued from this page.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkEmailResult } from "@contract/schemas/email-schedule";
import type { MailBatchProgress, OutboxMail } from "@contract/schemas/mail";
import { api, ApiError, newIdempotencyKey } from "../../../lib/api";

export const MAIL_KEY = ["/api/admin/mail"] as const;
const BATCH_KEY = ["/api/admin/mail/batches", "current"] as const;

/** How often the failed-mail count in the header is refreshed. */
const FAILED_COUNT_POLL_MS = 30_000;
/** How often a batch being sent is counted (the admin watches it go). */
const BATCH_POLL_MS = 1_000;

async function getPage(url: string): Promise<{ items: OutboxMail[]; total: number }> {
  const res = await fetch(url, { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const items = (await res.json()) as OutboxMail[];
  return { items, total: Number(res.headers.get("X-Total-Count") ?? items.length) };
}

/** One page of the outbox in a state: failed (with their errors) or queued (still being tried). */
export function useOutboxMail(status: "failed" | "queued", limit: number, enabled = true) {
  return useQuery({
    queryKey: [...MAIL_KEY, status, limit],
    queryFn: () => getPage(`/api/admin/mail?status=${status}&limit=${limit}`),
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });
}

/** How many messages have finally failed (the header button's badge). */
export function useFailedMailCount() {
  return useQuery({
    queryKey: [...MAIL_KEY, "failed", "count"],
    queryFn: async () => (await getPage("/api/admin/mail?status=failed&limit=1")).total,
    refetchInterval: FAILED_COUNT_POLL_MS,
  });
}

export function useResendMail() {
  const qc = useQueryClient();
  return useMutation({
    // one Idempotency-Key per click: a retry after a lost answer queues one mail
    mutationFn: (id: string) => api.post<OutboxMail>(`/api/admin/mail/${id}/resend`, undefined, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => qc.invalidateQueries({ queryKey: MAIL_KEY }),
  });
}

/** The batch this page queued last: what the send button started and the status line counts. */
export interface CurrentBatch {
  batchId: string;
  totalLoads: number;
  queued: number;
}

export function useCurrentBatch(): CurrentBatch | null {
  const qc = useQueryClient();
  // page state kept in the cache, not fetched: a refetch (e.g. everything invalidated when
  // the service worker first takes control) must keep it, not reset it to null
  const { data } = useQuery<CurrentBatch | null>({
    queryKey: BATCH_KEY,
    queryFn: () => qc.getQueryData<CurrentBatch | null>(BATCH_KEY) ?? null,
    staleTime: Infinity,
    initialData: null,
  });
  return data ?? null;
}

export function useSetCurrentBatch() {
  const qc = useQueryClient();
  return (batch: CurrentBatch | null) => qc.setQueryData(BATCH_KEY, batch);
}

/** Counted every second while any of it is still queued; then it stops. */
export function useBatchProgress(batchId: string | null) {
  return useQuery({
    queryKey: ["/api/admin/mail/batches", batchId],
    queryFn: () => api.get<MailBatchProgress>(`/api/admin/mail/batches/${batchId}`),
    enabled: !!batchId,
    refetchInterval: (q) => (q.state.data && q.state.data.queued === 0 ? false : BATCH_POLL_MS),
  });
}

export function useSendAvailableLoadsEmail() {
  // one Idempotency-Key per click: a retry after a lost answer sends the emails once
  return useMutation({ mutationFn: () => api.post<BulkEmailResult>("/api/admin/send-available-loads-email", undefined, { idempotencyKey: newIdempotencyKey() }) });
}
