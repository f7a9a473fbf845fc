// Pending tab (spec §2, §4 user approval): registrations waiting for an admin.
import { Check, X } from "lucide-react";
import type { User } from "@contract/schemas/user";
import { Button } from "../../../components/ui/button";
import { formatAdminDateTime } from "../../../lib/format";
import { usePendingUsers } from "../api/queries";
import { useDecidePendingUser } from "../api/mutations";
import { EmptyRow, ListError, SkeletonRows, TableShell } from "./loads-table";

const HEADERS = [
  { label: "Name" },
  { label: "Carrier Company" },
  { label: "Contact Number" },
  { label: "Email" },
  { label: "Registered" },
  { label: "Actions", className: "text-right" },
];

export function PendingTab() {
  const pending = usePendingUsers();
  const decide = useDecidePendingUser();
  const busy = (u: User, d: "approve" | "reject") => decide.isPending && decide.variables?.user.id === u.id && decide.variables.decision === d;
  if (pending.error && !pending.data) return <ListError what="pending users" onRetry={() => void pending.refetch()} />;
  return (
    <TableShell caption="Pending user approvals" headers={HEADERS}>
      {pending.isLoading ? (
        <SkeletonRows cols={HEADERS.length} rows={3} />
      ) : !pending.data?.length ? (
        <EmptyRow cols={HEADERS.length} text="No pending user approvals" />
      ) : (
        pending.data.map((u) => (
          <tr key={u.id} className="border-t border-slate-100 hover:bg-slate-50">
            <td className="sticky left-0 z-[1] bg-white px-2 py-2 font-medium text-slate-900">{u.name}</td>
            <td className="px-2 py-2">{u.carrierName || "—"}</td>
            <td className="whitespace-nowrap px-2 py-2">{u.contactNumber || "—"}</td>
            <td className="px-2 py-2">{u.email}</td>
            <td className="tabular whitespace-nowrap px-2 py-2">{formatAdminDateTime(u.createdAt)}</td>
            <td className="px-2 py-2">
              <div className="flex justify-end gap-2">
                <Button
                  variant="success"
                  size="sm"
                  className="h-11 sm:h-8"
                  aria-label={`Approve ${u.name}`}
                  loading={busy(u, "approve")}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ user: u, decision: "approve" })}
                >
                  <Check className="h-4 w-4" aria-hidden="true" />
                  Approve
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="h-11 text-red-700 sm:h-8"
                  aria-label={`Reject ${u.name}`}
                  loading={busy(u, "reject")}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ user: u, decision: "reject" })}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                  Reject
                </Button>
              </div>
            </td>
          </tr>
        ))
      )}
    </TableShell>
  );
}
