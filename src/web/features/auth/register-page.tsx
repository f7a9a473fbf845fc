// Registration: the form with its messages under the fields, the documents step,
// then a success screen saying the account is pending admin approval. A signed-in
// staff user may use the same form to create accounts; the server decides (contract).
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { CheckCircle2, FileText, Mail, PenLine } from "lucide-react";
import { registerSchema } from "@contract/schemas/user";
import { MSG } from "@contract/messages";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/format";
import { useRegister } from "./api/register";
import { usePublicConfig } from "../../lib/public-config";
import { useAuth } from "../../lib/use-auth";
import { Later } from "../../lib/lazy";
// the second step's upload code (forms, upload widget) loads only once an account is made:
// the companies feature exports it lazily
import { RegistrationDocuments } from "../companies";

const registerFormSchema = registerSchema
  .pick({ name: true, carrierName: true, contactNumber: true, email: true, password: true })
  .extend({ confirmPassword: z.string().min(1, MSG.confirmPassword) })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ["confirmPassword"] });

const EMPTY = { name: "", carrierName: "", contactNumber: "", email: "", password: "", confirmPassword: "" };

/** The other way to send the insurance: upload it after creating the account, or on the Company page once approved. */
const UPLOAD_INSTEAD = {
  form: "Or upload them yourself on the next screen, straight after creating your account, or later on your Company page once it is approved.",
  created: "Or upload them above (for the next 2 hours), or later on your Company page once your account is approved.",
  skipped: "Or, once your account is approved, upload them yourself on your Company page (in the menu under your initials).",
} as const;

export function DocumentStep({ mailbox, uploadInstead }: { mailbox: string; uploadInstead?: string }) {
  return (
    <section aria-labelledby="documents-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      {/* focusable: "Skip: I'll email them" moves the reader here */}
      <h2 id="documents-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Documents we need before approval
      </h2>
      <ol className="mt-3 space-y-3 text-sm text-slate-800">
        <li className="flex gap-3">
          <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-800" aria-hidden="true" />
          <span>
            Email your <strong>vehicle insurance</strong> and <strong>goods-in-transit insurance</strong> certificates to{" "}
            <a href={`mailto:${mailbox}`} className="break-all font-medium text-brand-700 underline underline-offset-2">
              {mailbox}
            </a>
            .
            {/* the mailbox stays as the alternative to uploading (contract) */}
            {uploadInstead && <span className="mt-1 block text-slate-700">{uploadInstead}</span>}
          </span>
        </li>
        <li className="flex gap-3">
          <PenLine className="mt-0.5 h-5 w-5 shrink-0 text-brand-800" aria-hidden="true" />
          <span>
            We will then send you an account application form to sign through our e-signature service, unless your account is already
            set up with one of our existing haulier partners.
          </span>
        </li>
        <li className="flex gap-3">
          <FileText className="mt-0.5 h-5 w-5 shrink-0 text-brand-800" aria-hidden="true" />
          <span>An administrator approves your account once the documents are in; you can then sign in and start taking loads.</span>
        </li>
      </ol>
    </section>
  );
}

export default function RegisterPage() {
  const { isAuthenticated } = useAuth();
  const { newUserMailbox } = usePublicConfig();
  const registerAccount = useRegister();
  const [created, setCreated] = useState<string | null>(null);
  // "Skip: I'll email them": the upload step goes, the mailbox stays and takes the focus
  const [emailInstead, setEmailInstead] = useState(false);
  useEffect(() => {
    if (emailInstead) document.getElementById("documents-heading")?.focus();
  }, [emailInstead]);
  const form = useForm({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ confirmPassword: _confirm, ...values }) =>
    registerAccount.mutate(values, {
      onSuccess: (user) => {
        toast.success("Account Created Successfully", isAuthenticated ? `The account for ${user?.name ?? values.name} has been created.` : undefined);
        form.reset(EMPTY);
        // staff creating an account stay on the form for the next one
        if (!isAuthenticated) setCreated(user?.name ?? values.name);
      },
      onError: (err) => toast.error("Registration Failed", errorMessage(err, "Failed to create account. Please try again.")),
    }),
  );

  if (created !== null) {
    return (
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-2xl px-4 py-10">
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden="true" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">Registration Received</h1>
          <p className="mt-3 text-slate-700" role="status">
            Thank you{created ? `, ${created}` : ""}. Your account has been created and is <strong>pending admin approval</strong>. You
            can sign in once an administrator has approved it.
          </p>
        </div>
        {/* optional: the insurance as uploads now, or by email below */}
        {!emailInstead && (
          <div className="mt-6 text-left">
            <Later>
              <RegistrationDocuments onSkip={() => setEmailInstead(true)} />
            </Later>
          </div>
        )}
        <div className="mt-6 text-left">
          <DocumentStep mailbox={newUserMailbox} uploadInstead={emailInstead ? UPLOAD_INSTEAD.skipped : UPLOAD_INSTEAD.created} />
        </div>
        <div className="mt-6 flex justify-center">
          <Link href="/login" className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-800 px-5 font-medium text-white hover:bg-brand-900">
            Back to Login
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main id="main-content" tabIndex={-1} className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 sm:py-10 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section aria-labelledby="register-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="register-heading" className="text-2xl font-bold text-slate-900">
          {isAuthenticated ? "Create an Account" : "Create a Carrier Account"}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {isAuthenticated
            ? "Create an account for a carrier or a member of staff."
            : "Register your haulage company. Your account will be checked by our team before your first sign-in."}
        </p>
        <form onSubmit={submit} noValidate className="mt-5 grid gap-4 sm:grid-cols-2">
          <Field label="Full name" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register("name")} />
          </Field>
          <Field label="Carrier / company name" error={errors.carrierName?.message}>
            <Input autoComplete="organization" {...form.register("carrierName")} />
          </Field>
          <Field label="Contact number" error={errors.contactNumber?.message}>
            <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="+44 7700 900123" {...form.register("contactNumber")} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" placeholder="you@company.co.uk" {...form.register("email")} />
          </Field>
          <Field
            label="Password"
            error={errors.password?.message}
            hint="At least 8 characters with an uppercase and a lowercase letter, a number and one of @$!%*?&"
          >
            <PasswordInput autoComplete="new-password" {...form.register("password")} />
          </Field>
          <Field label="Confirm password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register("confirmPassword")} />
          </Field>
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
            <Button type="submit" size="lg" className="w-full sm:w-auto" loading={registerAccount.isPending}>
              Create Account
            </Button>
            {!isAuthenticated && (
              <p className="text-sm text-slate-700">
                Already registered?{" "}
                <Link href="/login" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2">
                  Sign in
                </Link>
              </p>
            )}
          </div>
        </form>
      </section>
      <DocumentStep mailbox={newUserMailbox} uploadInstead={isAuthenticated ? undefined : UPLOAD_INSTEAD.form} />
    </main>
  );
}
