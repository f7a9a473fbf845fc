// The webhooks page's calls: admins only.
import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Webhook, WebhookAttempt, WebhookCreate, WebhookCreated, WebhookRetry } from "@contract/schemas/webhook";
import { api, newIdempotencyKey } from "../../../lib/api";

export const WEBHOOKS_KEY = ["/api/admin/webhooks"] as const;
const deliveriesKey = (id: string) => ["/api/admin/webhooks", id, "deliveries"] as const;

export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => api.get<Webhook[]>("/api/admin/webhooks"), refetchInterval: 30_000 });
}

/** Fetch the endpoint list again now (its "Last delivery" moved on while the log was open). */
export function useRefreshWebhooks() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: WEBHOOKS_KEY }), [qc]);
}

export function useSaveWebhook() {
  const qc = useQueryClient();
  return useMutation({
    // No Idempotency-Key on create: its answer holds the signing secret, shown once, which the
    // server never keeps for a replay; a retry after a lost answer makes a second endpoint to delete.
    mutationFn: (v: { id?: string; input: WebhookCreate }) =>
      v.id ? api.put<Webhook>(`/api/admin/webhooks/${encodeURIComponent(v.id)}`, v.input) : api.post<WebhookCreated>("/api/admin/webhooks", v.input),
    onSettled: () => qc.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/webhooks/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** The log refreshes every 5 s while open: deliveries happen in the background. */
export function useDeliveries(id: string | null) {
  return useQuery({
    queryKey: deliveriesKey(id ?? ""),
    queryFn: () => api.get<WebhookAttempt[]>(`/api/admin/webhooks/${encodeURIComponent(id!)}/deliveries?limit=50`),
    enabled: !!id,
    refetchInterval: 5_000,
  });
}

export function useRetryDelivery(endpointId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) =>
      // one Idempotency-Key per click: a retry after a lost answer delivers once more, not twice
      api.post<WebhookRetry>(`/api/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(attemptId)}/retry`, {}, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: deliveriesKey(endpointId) }), qc.invalidateQueries({ queryKey: WEBHOOKS_KEY })]),
  });
}
