// "Forgot your password?" on the login page. The answer never says whether the
// account exists (contract: no account enumeration).
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema } from "@contract/schemas/user";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/format";
import { useForgotPassword } from "../api/forgot-password";

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  defaultEmail = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail?: string;
}) {
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const { errors } = form.formState;
  const { reset } = form;
  // pre-fill with what was typed on the login form each time the dialog opens
  useEffect(() => {
    if (open) reset({ email: defaultEmail });
  }, [open, reset]);

  const submit = form.handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: () => {
        toast.success("Password Reset Email Sent", "If an account exists for this email, a reset link has been sent. It is valid for 1 hour.");
        form.reset({ email: "" });
        onOpenChange(false);
      },
      onError: (err) => toast.error("Error", errorMessage(err, "Failed to send the password reset email. Please try again.")),
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      description="Enter the email address of your account. If an account exists for it, we will send a password reset link."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" placeholder="you@company.co.uk" {...form.register("email")} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={forgot.isPending}>
            Send Reset Link
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
