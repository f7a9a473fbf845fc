// The bell's data: the newest notifications and
// the unread count, refetched at once on the live stream's `event: notification`
// (lib/live.ts) and every 30 s as the fallback; marking read; email preferences.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EmailPreferences, EmailType, NotificationList } from "@contract/schemas/notification";
import { api } from "../../lib/api";

export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;
const PREFS_KEY = ["/api/notification-preferences"] as const;

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, "bell"],
    queryFn: () => api.get<NotificationList>("/api/notifications?limit=20"),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post<{ unreadCount: number }>("/api/notifications/read", ids ? { ids } : {}),
    onSettled: () => qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useEmailPreferences(enabled: boolean) {
  return useQuery({ queryKey: PREFS_KEY, queryFn: () => api.get<EmailPreferences>("/api/notification-preferences"), enabled });
}

export function useSetEmailPreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Record<EmailType, boolean>>) => api.put<EmailPreferences>("/api/notification-preferences", { email: change }),
    onSuccess: (data) => qc.setQueryData(PREFS_KEY, data),
  });
}
