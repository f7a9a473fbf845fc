// Change Password, from the user menu. The new-password
// placeholder says 8 characters: a deliberate fix of the spec's "min 6" slip.
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordFormSchema } from "@contract/schemas/user";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { PasswordInput } from "../../../components/ui/password-input";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/format";
import { useChangePassword } from "../api/change-password";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordDialog({ userId, open, onOpenChange }: { userId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const change = useChangePassword(userId);
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success("Password Changed", "Your password has been updated successfully.");
          close(false);
        },
        onError: (err) => toast.error("Error", errorMessage(err, "Failed to change password. Please try again.")),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={close} title="Change Password" description="Enter your current password and choose a new one.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Current password" error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" placeholder="Enter current password" {...form.register("currentPassword")} />
        </Field>
        <Field
          label="New password"
          error={errors.newPassword?.message}
          hint="Use an uppercase and a lowercase letter, a number and one of @$!%*?&"
        >
          <PasswordInput autoComplete="new-password" placeholder="Min 8 characters" {...form.register("newPassword")} />
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" placeholder="Re-enter new password" {...form.register("confirmPassword")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change Password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
