// Create / edit user (the admin user form): name, company,
// contact number and email required; password required only on create (blank on
// edit keeps it); the Admin role is offered only to admins; isAdmin follows role.
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { passwordSchema, registerSchema, type User } from "@contract/schemas/user";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { useSaveUser } from "../api/mutations";

const base = registerSchema.pick({ name: true, carrierName: true, contactNumber: true, email: true }).extend({
  role: z.enum(["carrier", "manager", "admin"]),
});
const createSchema = base.extend({ password: passwordSchema });
const editSchema = base.extend({ password: z.union([z.literal(""), passwordSchema]) });

type FormIn = z.input<typeof createSchema>;
type FormOut = z.output<typeof createSchema>;

const EMPTY: FormIn = { name: "", carrierName: "", contactNumber: "", email: "", password: "", role: "carrier" };

export function UserFormDialog({
  open,
  onOpenChange,
  user,
  canAssignAdmin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create */
  user: User | null;
  /** assigning the Admin role is for admins only */
  canAssignAdmin: boolean;
}) {
  const editing = !!user;
  const save = useSaveUser();
  const { register, handleSubmit, reset, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(editing ? editSchema : createSchema) as never,
    defaultValues: EMPTY,
  });
  const e = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset(
      user
        ? {
            name: user.name,
            carrierName: user.carrierName ?? "",
            contactNumber: user.contactNumber ?? "",
            email: user.email,
            password: "",
            role: user.role === "admin" || user.isAdmin ? "admin" : user.role,
          }
        : EMPTY,
    );
  }, [open, user, reset]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: user?.id, body: { ...v, isAdmin: v.role === "admin" } });
      onOpenChange(false);
    } catch {
      // the toast says what failed; the dialog stays open with what was typed
    }
  });

  const showAdmin = canAssignAdmin || user?.role === "admin";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit User - ${user.name}` : "Add User"}
      description={editing ? "Leave the password blank to keep the current one." : "The new user is approved and can sign in at once."}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <Field label="Name" error={e.name?.message}>
          <Input {...register("name")} autoComplete="off" />
        </Field>
        {/* the company is a record; a staff edit of the name re-links the user (users.service) */}
        <Field
          label="Company"
          error={e.carrierName?.message}
          hint={editing ? "Changing it moves this user to the company of that name, or a new one. To rename the whole company, open it from the Carriers tab." : undefined}
        >
          <Input {...register("carrierName")} autoComplete="off" />
        </Field>
        <Field label="Contact Number" error={e.contactNumber?.message}>
          <Input {...register("contactNumber")} type="tel" autoComplete="off" />
        </Field>
        <Field label="Email" error={e.email?.message}>
          <Input {...register("email")} type="email" autoComplete="off" />
        </Field>
        <Field
          label={editing ? "Password (optional)" : "Password"}
          error={e.password?.message}
          hint={editing ? "Blank keeps the current password." : "At least 8 characters with upper and lower case, a number and one of @$!%*?&."}
        >
          <Input {...register("password")} type="password" autoComplete="new-password" />
        </Field>
        <Field label="Role" error={e.role?.message}>
          <select
            {...register("role")}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          >
            <option value="carrier">Carrier</option>
            <option value="manager">Manager</option>
            {showAdmin && <option value="admin">Admin</option>}
          </select>
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {editing ? "Save Changes" : "Create User"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
