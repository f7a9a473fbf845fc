// Messages on a load: a load's threads (a carrier: their company's one; staff:
// every thread), sending, marking read, and the caller's unread threads for the
// header. The live stream's `event: message` patches these caches (live.ts);
// polling underneath is the fallback when the stream is down.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Message, MessageReadResult, MessageThreadList, UnreadMessages } from "@contract/schemas/message";
import { api, newIdempotencyKey } from "../../lib/api";
import { addMessage, loadThreadsKey, markThreadRead, UNREAD_KEY } from "../../lib/message-cache";

const messagesUrl = (loadId: string) => `/api/loads/${encodeURIComponent(loadId)}/messages`;

/** GET /api/loads/{id}/messages, every 30 s as the fallback for the live stream. */
export function useLoadThreads(loadId: string, enabled = true) {
  return useQuery({
    queryKey: loadThreadsKey(loadId),
    queryFn: () => api.get<MessageThreadList>(messagesUrl(loadId)),
    refetchInterval: 30_000,
    enabled,
  });
}

/** GET /api/messages/unread: the header's count and list. */
export function useUnreadMessages(enabled = true) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => api.get<UnreadMessages>("/api/messages/unread"),
    refetchInterval: 30_000,
    enabled,
  });
}

/** POST /api/loads/{id}/messages; the message joins its thread as soon as it is answered. */
export function usePostMessage(loadId: string) {
  const qc = useQueryClient();
  return useMutation({
    // one Idempotency-Key per send: a retry after a lost answer does not post it twice
    mutationFn: (input: { body: string; companyId?: string }) => api.post<Message>(messagesUrl(loadId), input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (m) => {
      const cached = qc.getQueryData<MessageThreadList>(loadThreadsKey(loadId));
      const next = cached ? addMessage(cached, m, { fromOtherSide: false }) : null;
      // a reply implies reading: the server marked the thread read
      if (next?.found) qc.setQueryData(loadThreadsKey(loadId), markThreadRead(next.list, m.companyId));
      else void qc.invalidateQueries({ queryKey: loadThreadsKey(loadId) });
      void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
}

/** POST /api/loads/{id}/messages/read: the thread shown is read. */
export function useMarkThreadRead(loadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string | undefined) => api.post<MessageReadResult>(`${messagesUrl(loadId)}/read`, companyId ? { companyId } : {}),
    onSuccess: (_r, companyId) => {
      qc.setQueryData<MessageThreadList>(loadThreadsKey(loadId), (list) => {
        if (!list) return list;
        const id = companyId ?? list.threads[0]?.companyId;
        return id ? markThreadRead(list, id) : list;
      });
      void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
}
