// Reset password: /reset-password?token=… with new password and
// confirmation, each with a show/hide toggle. A missing token is an invalid link:
// toast, the page says so, and the user is sent back to /login.
import { useEffect, useRef } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { resetPasswordFormSchema } from "@contract/schemas/user";
import { Field } from "../../components/ui/field";
import { PasswordInput } from "../../components/ui/password-input";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/format";
import { useResetPassword } from "./api/reset-password";
import { AUTH_USER_KEY } from "../../lib/use-auth";

/** How long the "Invalid Reset Link" page stays before the redirect, so it can be read. */
const INVALID_LINK_REDIRECT_MS = 4000;

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token")?.trim() ?? "";
  return token ? <ResetForm token={token} /> : <InvalidLink />;
}

function InvalidLink() {
  const [, setLocation] = useLocation();
  const toasted = useRef(false);
  useEffect(() => {
    if (!toasted.current) {
      toasted.current = true;
      toast.error("Invalid Reset Link", "The password reset link is invalid or expired.");
    }
    const timer = setTimeout(() => setLocation("/login", { replace: true }), INVALID_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [setLocation]);
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <AlertTriangle className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Invalid Reset Link</h1>
        <p className="mt-2 text-slate-700">
          The password reset link is invalid or expired. Ask for a new one with “Forgot your password?” on the sign-in page.
        </p>
        <Link
          href="/login"
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-800 px-5 font-medium text-white hover:bg-brand-900"
        >
          Back to Login
        </Link>
      </div>
    </main>
  );
}

function ResetForm({ token }: { token: string }) {
  const [, setLocation] = useLocation();
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: "", confirmPassword: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: async () => {
          toast.success("Password Reset Successful", "You can now sign in with your new password.");
          // the reset ends every session of that user (contract): re-read who we are
          await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
          setLocation("/login", { replace: true });
        },
        onError: (err) => toast.error("Password Reset Failed", errorMessage(err, "The password could not be reset. Please try again.")),
      },
    ),
  );

  return (
    <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-slate-900">Reset Password</h1>
        <p className="mt-1 text-sm text-slate-600">Choose a new password for your account.</p>
        <form onSubmit={submit} noValidate className="mt-5 space-y-4">
          <Field
            label="New password"
            error={errors.newPassword?.message}
            hint="At least 8 characters with an uppercase and a lowercase letter, a number and one of @$!%*?&"
          >
            <PasswordInput autoComplete="new-password" {...form.register("newPassword")} />
          </Field>
          <Field label="Confirm password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register("confirmPassword")} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
            Reset Password
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link href="/login" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2">
            Back to Login
          </Link>
        </p>
      </div>
    </main>
  );
}
