// Users tab (spec §2): every account with its activity; view, edit, delete.
import { useState } from "react";
import { DropdownMenu } from "radix-ui";
import { Eye, MoreHorizontal, Pencil, Trash2, UserPlus } from "lucide-react";
import { isAdminUser } from "@contract/constants";
import type { User, UserWithStats } from "@contract/schemas/user";
import { useAuth } from "../../auth/use-auth";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { formatAdminDateTime, formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { useUsers } from "../api/queries";
import { useDeleteUser } from "../api/mutations";
import { EmptyRow, ListError, SkeletonRows, TableShell } from "./loads-table";
import { UserFormDialog } from "./user-form-dialog";

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

const HEADERS = [
  { label: "Name" },
  { label: "Carrier Company" },
  { label: "Contact Number" },
  { label: "Email" },
  { label: "Role" },
  { label: "Loads Accepted", className: "text-right" },
  { label: "Total Earnings", className: "text-right" },
  { label: "Last Login" },
  { label: "Joined" },
  { label: "Actions", className: "text-right" },
];

export function UsersTab() {
  const { user: me } = useAuth();
  const iAmAdmin = isAdminUser(me);
  const users = useUsers();
  const del = useDeleteUser();
  const [form, setForm] = useState<{ open: boolean; user: User | null }>({ open: false, user: null });
  const [viewing, setViewing] = useState<UserWithStats | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{users.data ? `${users.data.length} users` : " "}</p>
        <Button onClick={() => setForm({ open: true, user: null })}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Add User
        </Button>
      </div>
      {users.error && !users.data ? (
        <ListError what="users" onRetry={() => void users.refetch()} />
      ) : (
        <TableShell caption="Users" headers={HEADERS}>
          {users.isLoading ? (
            <SkeletonRows cols={HEADERS.length} />
          ) : !users.data?.length ? (
            <EmptyRow cols={HEADERS.length} text="No users found." />
          ) : (
            users.data.map((u) => {
              // contract: only admins edit or delete an admin; nobody deletes themselves
              const locked = isAdminUser(u) && !iAmAdmin;
              return (
                <tr key={u.id} className="border-t border-slate-100 hover:bg-slate-50">
                  <td className="sticky left-0 z-[1] bg-white px-2 py-2 font-medium text-slate-900">{u.name}</td>
                  <td className="px-2 py-2">{u.carrierName || "—"}</td>
                  <td className="whitespace-nowrap px-2 py-2">{u.contactNumber || "—"}</td>
                  <td className="px-2 py-2">{u.email}</td>
                  <td className="px-2 py-2">
                    <RoleBadge user={u} />
                  </td>
                  <td className="tabular px-2 py-2 text-right">{formatNumber(u.loadsAccepted)}</td>
                  <td className="tabular px-2 py-2 text-right">{formatMoney(u.totalEarnings)}</td>
                  <td className="tabular whitespace-nowrap px-2 py-2">{u.lastLoginAt ? formatAdminDateTime(u.lastLoginAt) : "Never"}</td>
                  <td className="tabular whitespace-nowrap px-2 py-2">{formatDate(u.createdAt)}</td>
                  <td className="px-2 py-2">
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
        </TableShell>
      )}

      <UserFormDialog open={form.open} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} user={form.user} canAssignAdmin={iAmAdmin} />

      <Dialog open={!!viewing} onOpenChange={(o) => !o && setViewing(null)} title={viewing ? viewing.name : "User"}>
        {viewing && (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Company</dt>
            <dd>{viewing.carrierName || "—"}</dd>
            <dt className="text-slate-600">Email</dt>
            <dd className="break-all">{viewing.email}</dd>
            <dt className="text-slate-600">Contact number</dt>
            <dd>{viewing.contactNumber || "—"}</dd>
            <dt className="text-slate-600">Role</dt>
            <dd>
              <RoleBadge user={viewing} />
            </dd>
            <dt className="text-slate-600">Approved</dt>
            <dd>{viewing.isApproved ? "Yes" : "No"}</dd>
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
            <Button variant="outline" onClick={() => setDeleting(null)}>
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
        <span className="hidden lg:inline">Actions</span>
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
