// Login page: marketing text for carriers, the Sign In form, a link to
// register and the "Forgot your password?" dialog. Errors are toasts.
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, FileCheck2, Mail, PoundSterling, Truck } from "lucide-react";
import { loginSchema } from "@contract/schemas/user";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";
import { homePathFor, loginErrorToast, useLogin } from "./api/login";
import { usePublicConfig } from "../../lib/public-config";
import { ForgotPasswordDialog } from "./components/forgot-password-dialog";

const OFFERS = [
  { icon: Truck, title: "Flatbed work every day", text: "Flatbed, curtain-side and MOL loads posted across the UK, with pickup and delivery windows up front." },
  { icon: PoundSterling, title: "Clear pay", text: "See the price and rate per mile before you commit. Accept at the listed price or bid your own rate." },
  { icon: BadgeCheck, title: "Confirmed with a PO number", text: "Our operators confirm accepted loads and issue a purchase order number before you start." },
  { icon: FileCheck2, title: "Proof of delivery from your phone", text: "Record pickup and delivery signatures and upload the signed paperwork straight from the cab." },
  { icon: Mail, title: "Available loads by email", text: "Get the list of available loads in your inbox on working days." },
];

export default function LoginPage() {
  const [, setLocation] = useLocation();
  const { productName } = usePublicConfig();
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;
  // after login staff go to /admin, others to / (the current user is refreshed first)
  const login = useLogin((user) => setLocation(homePathFor(user), { replace: true }));

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (err) => {
        const t = loginErrorToast(err);
        toast.error(t.title, t.description);
      },
    }),
  );

  return (
    <main id="main-content" tabIndex={-1} className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 sm:py-10 lg:grid-cols-[1fr_26rem] lg:items-start lg:gap-12">
      <section aria-labelledby="sign-in-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-start-2 lg:row-start-1">
        <h1 id="sign-in-heading" className="text-2xl font-bold text-slate-900">
          Sign In
        </h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to the {productName} load board.</p>
        <form onSubmit={submit} noValidate className="mt-5 space-y-4">
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="username" inputMode="email" placeholder="you@company.co.uk" {...form.register("email")} />
          </Field>
          <Field label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register("password")} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
            Sign In
          </Button>
        </form>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 text-sm">
          <button
            type="button"
            onClick={() => setForgotOpen(true)}
            data-forgot
            className="min-h-11 whitespace-nowrap text-left font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Forgot your password?
          </button>
          <p className="flex min-h-11 items-center gap-1 whitespace-nowrap text-slate-700">
            New carrier?
            <Link href="/register" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2">
              Create an account
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="offer-heading" className="lg:col-start-1 lg:row-start-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">For UK flatbed hauliers</p>
        <h2 id="offer-heading" className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">
          Find your next load on the {productName}
        </h2>
        <p className="mt-3 max-w-prose text-slate-700">
          Owner-drivers and small fleets use the {productName} load board to keep their trailers full: browse available loads, accept
          or bid in a few taps, and get paid against a purchase order.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {OFFERS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <Icon className="mt-0.5 h-6 w-6 shrink-0 text-brand-800" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-700">
          New accounts are checked by our team before the first sign-in.{" "}
          <Link href="/register" className="font-medium text-brand-700 underline underline-offset-2">
            Register your company
          </Link>
          .
        </p>
      </section>

      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} defaultEmail={form.getValues("email")} />
    </main>
  );
}
