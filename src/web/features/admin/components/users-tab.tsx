// Users tab: every account with its activity; view, edit, delete.
// Paged, sorted and searched by the server over all users, with the total shown.
import { useState } from "react";
import { DropdownMenu } from "radix-ui";
import { Eye, Hourglass, MoreHorizontal, Pencil, Trash2, UserPlus, Users } from "lucide-react";
import { isAdminUser } from "@contract/constants";
import { joinsCompanyText, type CompanyMatch, type User, type UserWithStats } from "@contract/schemas/user";
import { useAuth } from "../../../lib/use-auth";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { formatAdminDateTime, formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { PENDING_FIRST_PAGE, USER_LIST_PAGE, listPageUrl, usePendingPage, useUsersPage } from "../api/user-lists";
import { USERS_KEY } from "../api/queries";
import { ExportButton } from "../../../components/export-button";
import { useDeleteUser } from "../api/mutations";
import { CELL, EmptyRow, FIRST_CELL, ListError, SkeletonRows } from "../../../components/table-states";
import { SortableTableShell, TablePager, TableSearch, countOf, usePagedTable, type Column } from "../../../components/table-pager";
import { UserFormDialog } from "./user-form-dialog";
import { CompanyDialog, ComplianceBadge, type CompanyTarget } from "../../companies-staff";

const ROLE_STYLE: Record<string, string> = {
  admin: "bg-brand-50 text-brand-800 border-brand-600/40",
  manager: "bg-amber-50 text-amber-900 border-amber-300",
  carrier: "bg-slate-100 text-slate-800 border-slate-300",
};

export function RoleBadge({ user }: { user: Pick<User, "role" | "isAdmin"> }) {
  const role = user.isAdmin && user.role !== "admin" ? "admin" : user.role;
  return (
    <span className={cn("inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold capitalize", ROLE_STYLE[role] ?? ROLE_STYLE.carrier)}>
      {role}
    </span>
  );
}

/**
 * An account waiting for approval: said in words, not by colour alone.
 * `wrap`: in a tight table the words may take two lines inside the badge.
 */
export function PendingApprovalBadge({ wrap = false }: { wrap?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900",
        wrap ? "rounded-xl leading-tight" : "rounded-full whitespace-nowrap",
      )}
    >
      <Hourglass className="h-3 w-3 shrink-0" aria-hidden="true" />
      Pending approval
    </span>
  );
}

/** "23/11/2026 14:26" as the date over the time when its column is tight; the cell's text stays the same. */
function DateOverTime({ value }: { value: string }) {
  const [d, t] = formatAdminDateTime(value).split(" ");
  return (
    <span className="inline-block w-min leading-snug">
      <span className="inline-block whitespace-nowrap">{d}</span> {t && <span className="inline-block whitespace-nowrap text-slate-600">{t}</span>}
    </span>
  );
}

/** "Joins Smith Haulage Ltd: 3 members" (contract), as the Pending tab says it. */
function JoinsNote({ match }: { match: CompanyMatch }) {
  return (
    <span className="mt-1 flex w-fit items-center gap-1 rounded-md border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      <Users className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {joinsCompanyText(match)}
    </span>
  );
}

/**
 * An address that may wrap before its "@" (user-1b5ea0b5 / @example.com). In a
 * cell of class EMAIL_CELL it wraps there rather than after a hyphen inside the
 * name, and a very long one wraps anywhere rather than widening its table. The
 * text is the address as it is (copy, search, tests).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Wide enough for a usual name before the "@" on one line; anything longer wraps inside it. */
export const EMAIL_CELL = "min-w-36 [overflow-wrap:anywhere]";

const HEADERS: Column[] = [
  { label: "Name", sortKey: "name" },
  { label: "Carrier Company", sortKey: "carrierName" },
  { label: "Contact Number", sortKey: "contactNumber" },
  { label: "Email", sortKey: "email" },
  { label: "Role", sortKey: "role" },
  { label: "Loads Accepted", className: "text-right", sortKey: "loadsAccepted", firstDesc: true },
  { label: "Total Earnings", className: "text-right", sortKey: "totalEarnings", firstDesc: true },
  { label: "Last Login", sortKey: "lastLoginAt", firstDesc: true },
  { label: "Joined", sortKey: "createdAt", firstDesc: true },
  { label: "Actions", className: "text-right" },
];

export function UsersTab() {
  const { user: me } = useAuth();
  const iAmAdmin = isAdminUser(me);
  // contract: newest first unless a column is chosen
  const table = usePagedTable({ pageSize: USER_LIST_PAGE, sort: { key: "createdAt", desc: true } });
  const users = useUsersPage(table.params);
  const rows = users.data?.rows;
  // which company an applicant would join is known for the pending list the dashboard
  // already polls for its tab count (GET /api/users/pending); no extra request
  const pending = usePendingPage(PENDING_FIRST_PAGE);
  const joins = new Map((pending.data?.rows ?? []).map((p) => [p.id, p.joinsCompany]));
  const del = useDeleteUser();
  const [form, setForm] = useState<{ open: boolean; user: User | null }>({ open: false, user: null });
  const [viewing, setViewing] = useState<UserWithStats | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [company, setCompany] = useState<CompanyTarget | null>(null);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-2 sm:w-auto">
          <TableSearch label="Search users" placeholder="Search name, email or company" value={table.search} onChange={table.setSearch} />
          <p className="tabular text-sm text-slate-600" aria-live="polite">
            {users.data ? countOf(users.data.total, "user", "users") : " "}
          </p>
        </div>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <ExportButton kind="users" listUrl={listPageUrl(USERS_KEY[0], table.params)} what="users" />
          <Button onClick={() => setForm({ open: true, user: null })}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Add User
          </Button>
        </div>
      </div>
      {users.error && !users.data ? (
        <ListError what="users" onRetry={() => void users.refetch()} />
      ) : (
        <SortableTableShell caption="Users" columns={HEADERS} sort={table.sort} onSort={table.toggleSort} dense>
          {users.isLoading ? (
            <SkeletonRows cols={HEADERS.length} />
          ) : !rows?.length ? (
            <EmptyRow cols={HEADERS.length} text="No users found." />
          ) : (
            rows.map((u) => {
              // contract: only admins edit or delete an admin; nobody deletes themselves
              const locked = isAdminUser(u) && !iAmAdmin;
              return (
                <tr key={u.id} className="group border-t border-slate-100 hover:bg-slate-50">
                  <td className={cn(CELL, FIRST_CELL, "font-medium text-slate-900")}>{u.name}</td>
                  <td className={cn(CELL, "[overflow-wrap:anywhere]")}>
                    {/* a carrier's company record opens its dialog; its compliance in words */}
                    {u.companyId ? (
                      <button
                        type="button"
                        className="min-h-8 text-left text-brand-700 underline-offset-2 hover:underline"
                        onClick={() => setCompany({ id: u.companyId!, name: u.carrierName ?? undefined })}
                        aria-label={`${u.carrierName}: open company`}
                      >
                        {u.carrierName}
                      </button>
                    ) : (
                      u.carrierName || "—"
                    )}
                    {u.compliance && (
                      <span className="mt-1 block">
                        <ComplianceBadge status={u.compliance} wrap />
                      </span>
                    )}
                    {!u.isApproved && joins.get(u.id) && <JoinsNote match={joins.get(u.id)!} />}
                  </td>
                  <td className={cn(CELL, "whitespace-nowrap")}>{u.contactNumber || "—"}</td>
                  <td className={cn(CELL, EMAIL_CELL)}>
                    <EmailText email={u.email} />
                  </td>
                  <td className={CELL}>
                    <span className="flex flex-wrap items-center gap-1">
                      <RoleBadge user={u} />
                      {!u.isApproved && <PendingApprovalBadge wrap />}
                    </span>
                  </td>
                  <td className={cn(CELL, "tabular text-right")}>{formatNumber(u.loadsAccepted)}</td>
                  <td className={cn(CELL, "tabular whitespace-nowrap text-right")}>{formatMoney(u.totalEarnings)}</td>
                  <td className={cn(CELL, "tabular")}>{u.lastLoginAt ? <DateOverTime value={u.lastLoginAt} /> : "Never"}</td>
                  <td className={cn(CELL, "tabular whitespace-nowrap")}>{formatDate(u.createdAt)}</td>
                  <td className={CELL}>
                    <div className="flex justify-end">
                      <UserActionsMenu
                        user={u}
                        onView={() => setViewing(u)}
                        onEdit={locked ? undefined : () => setForm({ open: true, user: u })}
                        onDelete={locked || u.id === me?.id ? undefined : () => setDeleting(u)}
                      />
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </SortableTableShell>
      )}
      {users.data && (
        <TablePager label="Users pages" total={users.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />
      )}

      <CompanyDialog target={company} onOpenChange={(o) => !o && setCompany(null)} />

      <UserFormDialog open={form.open} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} user={form.user} canAssignAdmin={iAmAdmin} />

      <Dialog open={!!viewing} onOpenChange={(o) => !o && setViewing(null)} title={viewing ? viewing.name : "User"}>
        {viewing && (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Company</dt>
            <dd>{viewing.carrierName || "—"}</dd>
            {viewing.compliance && (
              <>
                <dt className="text-slate-600">Compliance</dt>
                <dd>
                  <ComplianceBadge status={viewing.compliance} />
                </dd>
              </>
            )}
            <dt className="text-slate-600">Email</dt>
            <dd className="break-all">{viewing.email}</dd>
            <dt className="text-slate-600">Contact number</dt>
            <dd>{viewing.contactNumber || "—"}</dd>
            <dt className="text-slate-600">Role</dt>
            <dd>
              <RoleBadge user={viewing} />
            </dd>
            <dt className="text-slate-600">Approved</dt>
            <dd>
              {viewing.isApproved ? (
                "Yes"
              ) : (
                <span className="flex flex-col items-start gap-1">
                  <PendingApprovalBadge />
                  {joins.get(viewing.id) && <JoinsNote match={joins.get(viewing.id)!} />}
                </span>
              )}
            </dd>
            <dt className="text-slate-600">Loads accepted</dt>
            <dd className="tabular">{formatNumber(viewing.loadsAccepted)}</dd>
            <dt className="text-slate-600">Total earnings</dt>
            <dd className="tabular">{formatMoney(viewing.totalEarnings)}</dd>
            <dt className="text-slate-600">Last login</dt>
            <dd className="tabular">{viewing.lastLoginAt ? formatAdminDateTime(viewing.lastLoginAt) : "Never"}</dd>
            <dt className="text-slate-600">Joined</dt>
            <dd className="tabular">{formatAdminDateTime(viewing.createdAt)}</dd>
          </dl>
        )}
      </Dialog>

      <Dialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.name ?? "user"}`}
        description="Are you sure you want to delete this user? This action cannot be undone."
        footer={
          <>
            {/* a destructive question starts on the safe answer */}
            <Button variant="outline" onClick={() => setDeleting(null)} data-autofocus>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={del.isPending}
              onClick={() => deleting && del.mutate(deleting, { onSettled: () => setDeleting(null) })}
            >
              Delete User
            </Button>
          </>
        }
      />
    </div>
  );
}

/** View, Edit, Delete in a menu like the load tables' (a disabled item says why it is not offered). */
function UserActionsMenu({
  user,
  onView,
  onEdit,
  onDelete,
}: {
  user: User;
  onView: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const item =
    "flex min-h-11 cursor-pointer select-none items-center gap-2 rounded px-2 text-sm text-slate-900 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500 data-[highlighted]:bg-slate-100 sm:min-h-9";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${user.name}`}
        className="inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-50 data-[state=open]:bg-slate-100 sm:h-8"
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        {/* the word only where the table has room (as the loads tables' menu); the name is the aria-label */}
        <span className="hidden 2xl:inline">Actions</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600">{user.name}</DropdownMenu.Label>
          <DropdownMenu.Item className={item} onSelect={onView}>
            <Eye className="h-4 w-4" aria-hidden="true" />
            View
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onEdit} disabled={!onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(item, "text-red-700")} onSelect={onDelete} disabled={!onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
