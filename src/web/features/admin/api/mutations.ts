// Admin writes, each with a toast when it fails. Every success refreshes the
// loads, stats and bids everywhere (the board shares the same keys).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoadStatus } from "@contract/constants";
import type { Load, LoadInput } from "@contract/schemas/load";
import type { User } from "@contract/schemas/user";
import { api, ApiError, newIdempotencyKey } from "../../../lib/api";
import { toast } from "../../../components/ui/toast";
import { CARRIERS_KEY, PENDING_KEY, USERS_KEY } from "./queries";

function useInvalidateLoads() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ["/api/loads"] }),
      qc.invalidateQueries({ queryKey: ["/api/stats"] }),
      qc.invalidateQueries({ queryKey: ["/api/admin/bids"] }),
      qc.invalidateQueries({ queryKey: CARRIERS_KEY }),
      qc.invalidateQueries({ queryKey: USERS_KEY }),
    ]);
}

function useInvalidateUsers() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: USERS_KEY }),
      qc.invalidateQueries({ queryKey: CARRIERS_KEY }),
      qc.invalidateQueries({ queryKey: PENDING_KEY }),
    ]);
}

const serverText = (e: unknown) => (e instanceof ApiError ? e.serverMessage : undefined);

const STATUS_SUCCESS: Record<LoadStatus, string> = {
  approved: "Load approved",
  completed: "Load marked as completed",
  cancelled: "Load cancelled",
  available: "Load is available again",
  accepted: "Load marked as accepted",
};

export function useUpdateLoadStatus() {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (v: { load: Load; status: LoadStatus; userId: string; reason?: string }) =>
      api.patch<Load>(`/api/loads/${v.load.id}/status`, {
        status: v.status,
        userId: v.userId,
        ...(v.reason ? { reason: v.reason } : {}),
      }),
    onSuccess: (updated, v) => {
      const po = v.status === "approved" && updated?.mandataNumber ? `PO number ${updated.mandataNumber}` : undefined;
      toast.success(STATUS_SUCCESS[v.status], po ?? `Load #${v.load.loadNumber}`);
      return invalidate();
    },
    onError: (e) => toast.error("Failed to update load status", serverText(e)),
  });
}

/** The server's message for one field of a 4xx answer (a 409 "already used" PO number). */
export function fieldError(e: unknown, field: string): string | undefined {
  const details = e instanceof ApiError ? e.body?.details : undefined;
  return Array.isArray(details) ? (details as { path?: string; message?: string }[]).find((d) => d.path === field)?.message : undefined;
}

/**
 * Approve with the PO number the dialog holds (contract PATCH /status {status:
 * "approved", mandataNumber}); empty: the next PO-{year}-{5 digits} if the load has
 * none. A PO number another load has is said under the field, not in a toast.
 */
export function useApproveLoad() {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (v: { load: Load; userId: string; mandataNumber: string }) =>
      api.patch<Load>(`/api/loads/${v.load.id}/status`, { status: "approved", userId: v.userId, mandataNumber: v.mandataNumber.trim() }),
    onSuccess: (updated, v) => {
      toast.success(STATUS_SUCCESS.approved, updated?.mandataNumber ? `PO number ${updated.mandataNumber}` : `Load #${v.load.loadNumber}`);
      return invalidate();
    },
    onError: (e) => {
      if (!fieldError(e, "mandataNumber")) toast.error("Failed to update load status", serverText(e));
    },
  });
}

export function useResetLoad() {
  const invalidate = useInvalidateLoads();
  return useMutation({
    // reason: "carrier withdrew" counts as a hand-back on the carrier's scorecard; none: no body
    mutationFn: ({ load, reason }: { load: Load; reason?: string }) => api.patch<Load>(`/api/loads/${load.id}/reset-to-available`, reason ? { reason } : undefined),
    onSuccess: (_d, { load }) => {
      toast.success("Load reset to available", `Load #${load.loadNumber}`);
      return invalidate();
    },
    onError: (e) => toast.error("Failed to reset load to available", serverText(e)),
  });
}

/** The edit failure names the POD lock when the server's message does. */
export function loadUpdateErrorTitle(e: unknown): string {
  const msg = (e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e)).toLowerCase();
  return msg.includes("pod") ? "Cannot edit load - POD has been completed" : "Failed to update load";
}

export function useSaveLoad() {
  const invalidate = useInvalidateLoads();
  return useMutation({
    /** copiedFrom: the load number a new load was copied from (Copy Load creates it on Save) */
    // a new load (or copy) carries one Idempotency-Key per Save: a retry after a lost answer makes one load
    mutationFn: (v: { id?: string; body: LoadInput; copiedFrom?: string }) =>
      v.id ? api.put<Load>(`/api/loads/${v.id}`, v.body) : api.post<Load>("/api/loads", v.body, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (saved, v) => {
      if (v.copiedFrom) toast.success("Load copied", `Load #${saved.loadNumber} is a copy of #${v.copiedFrom}`);
      else toast.success(v.id ? "Load updated" : "Load created", `Load #${saved.loadNumber}`);
      return invalidate();
    },
    onError: (e, v) => {
      if (v.id) toast.error(loadUpdateErrorTitle(e), serverText(e));
      // a copy that fails says "Failed to copy load" (Copy Load creates on Save)
      else toast.error(v.copiedFrom ? "Failed to copy load" : "Failed to create load.", serverText(e));
    },
  });
}

export interface UserFormBody {
  name: string;
  carrierName: string;
  contactNumber: string;
  email: string;
  password: string;
  role: "carrier" | "manager" | "admin";
  isAdmin: boolean;
}

export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (v: { id?: string; body: UserFormBody }) => {
      // one Idempotency-Key per Save: a retry after a lost answer creates one user
      if (!v.id) return api.post<User>("/api/register", v.body, { idempotencyKey: newIdempotencyKey() });
      // a blank password on edit keeps the current one
      const { password, ...rest } = v.body;
      return api.put<User>(`/api/users/${v.id}`, password ? v.body : rest);
    },
    onSuccess: (u, v) => {
      toast.success(v.id ? "User updated" : "User created", u?.name ?? v.body.name);
      return invalidate();
    },
    onError: (e, v) => toast.error(v.id ? "Failed to update user." : "Failed to create user.", serverText(e)),
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (u: User) => api.delete(`/api/users/${u.id}`),
    onSuccess: (_d, u) => {
      toast.success("User deleted", u.name);
      return invalidate();
    },
    onError: (e) => toast.error("Failed to delete user.", serverText(e)),
  });
}

export function useDecidePendingUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (v: { user: User; decision: "approve" | "reject" }) => api.post(`/api/users/${v.user.id}/${v.decision}`),
    onSuccess: (_d, v) => {
      toast.success(v.decision === "approve" ? "User approved" : "User rejected", v.user.name);
      return invalidate();
    },
    onError: (e, v) => toast.error(v.decision === "approve" ? "Failed to approve user" : "Failed to reject user", serverText(e)),
  });
}
