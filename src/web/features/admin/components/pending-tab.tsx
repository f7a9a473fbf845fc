// Pending tab: registrations waiting for an admin to approve them.
// An applicant whose company already exists joins it, and its bookings, when
// approved (contract): the row says so before staff decide, and so does the
// insurance the applicant uploaded when registering (it moves to the
// company on approval, waiting for review in the Compliance tab), and so does a
// repeat registration (same name, company and phone as another account). Paged, sorted
// and searched by the server, with the total shown.
import { Check, CopyCheck, FileCheck2, Users, X } from "lucide-react";
import { attachedDocumentsText, joinsCompanyText, repeatOfText, type PendingUser } from "@contract/schemas/user";
import { Button } from "../../../components/ui/button";
import { formatAdminDateTime } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { USER_LIST_PAGE, usePendingPage } from "../api/user-lists";
import { useDecidePendingUser } from "../api/mutations";
import { CELL, EmptyRow, FIRST_CELL, ListError, SkeletonRows } from "../../../components/table-states";
import { SortableTableShell, TablePager, TableSearch, countOf, usePagedTable, type Column } from "../../../components/table-pager";
import { EMAIL_CELL, EmailText } from "./users-tab";

const HEADERS: Column[] = [
  { label: "Name", sortKey: "name" },
  { label: "Carrier Company", sortKey: "carrierName" },
  { label: "Contact Number", sortKey: "contactNumber" },
  { label: "Email", sortKey: "email" },
  { label: "Registered", sortKey: "createdAt", firstDesc: true },
  { label: "Actions", className: "text-right" },
];

export function PendingTab() {
  // contract: newest registration first unless a column is chosen
  const table = usePagedTable({ pageSize: USER_LIST_PAGE });
  const pending = usePendingPage(table.params);
  const rows = pending.data?.rows;
  const decide = useDecidePendingUser();
  const busy = (u: PendingUser, d: "approve" | "reject") => decide.isPending && decide.variables?.user.id === u.id && decide.variables.decision === d;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <TableSearch label="Search pending users" placeholder="Search name, email or company" value={table.search} onChange={table.setSearch} />
        <p className="tabular text-sm text-slate-600" aria-live="polite">
          {pending.data ? countOf(pending.data.total, "pending user", "pending users") : " "}
        </p>
      </div>
      {pending.error && !pending.data ? (
        <ListError what="pending users" onRetry={() => void pending.refetch()} />
      ) : (
        <SortableTableShell caption="Pending user approvals" columns={HEADERS} sort={table.sort} onSort={table.toggleSort} dense>
          {pending.isLoading ? (
            <SkeletonRows cols={HEADERS.length} rows={3} />
          ) : !rows?.length ? (
            <EmptyRow cols={HEADERS.length} text={table.params.search ? "No pending users match the search." : "No pending user approvals"} />
          ) : (
            rows.map((u) => (
              <tr key={u.id} className="group border-t border-slate-100 align-top hover:bg-slate-50">
                <td className={cn(CELL, FIRST_CELL, "font-medium text-slate-900")}>
                  {u.name}
                  {u.repeatOf && (
                    <span className="mt-1 flex w-fit min-w-48 max-w-64 items-start gap-1 rounded-md border border-red-300 bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-900 [overflow-wrap:anywhere]">
                      <CopyCheck className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                      {repeatOfText(u.repeatOf)}
                    </span>
                  )}
                </td>
                <td className={cn(CELL, "min-w-48 [overflow-wrap:anywhere]")}>
                  {u.carrierName || "—"}
                  {u.joinsCompany && (
                    <span className="mt-1 flex w-fit items-center gap-1 rounded-md border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                      <Users className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                      {joinsCompanyText(u.joinsCompany)}
                    </span>
                  )}
                  {attachedDocumentsText(u.documentCount) && (
                    <span className="mt-1 flex w-fit items-center gap-1 rounded-md border border-emerald-300 bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-900">
                      <FileCheck2 className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                      {attachedDocumentsText(u.documentCount)}
                    </span>
                  )}
                </td>
                <td className={cn(CELL, "whitespace-nowrap")}>{u.contactNumber || "—"}</td>
                <td className={cn(CELL, EMAIL_CELL)}>
                  <EmailText email={u.email} />
                </td>
                <td className={cn(CELL, "tabular whitespace-nowrap")}>{formatAdminDateTime(u.createdAt)}</td>
                <td className={CELL}>
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
        </SortableTableShell>
      )}
      {pending.data && (
        <TablePager label="Pending users pages" total={pending.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />
      )}
    </div>
  );
}
