// The company's profile on the Company page (PUT /api/companies/{id}): Companies House number, VAT number, O-licence number
// and the FORS level claimed, checked with the contract's own schemas and messages
// before sending; the server's 400 `details` land under their fields too. The
// name is not here: only staff rename a company. A VAT number given here waits for
// staff to confirm it (invoices charge VAT only on a number staff confirmed): the field shows it, and says so.
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Clock } from "lucide-react";
import { FORS_LEVELS } from "@contract/constants";
import { companyNumberSchema, forsLevelSchema, operatorLicenceSchema, vatNumberSchema, type Company } from "@contract/schemas/company";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { errorMessage } from "../../../lib/format";
import { useUpdateCompany } from "../api/company";

const profileFormSchema = z.object({
  companyNumber: companyNumberSchema,
  vatNumber: vatNumberSchema,
  operatorLicence: operatorLicenceSchema,
  forsLevel: forsLevelSchema,
});
type ProfileInput = z.input<typeof profileFormSchema>;
type ProfileOutput = z.output<typeof profileFormSchema>;
const FIELDS = ["companyNumber", "vatNumber", "operatorLicence", "forsLevel"] as const;

const valuesOf = (c: Company): ProfileInput => ({
  companyNumber: c.companyNumber,
  // the number waiting, so saving another field sends it again rather than withdrawing it
  vatNumber: c.proposedVatNumber ?? c.vatNumber,
  operatorLicence: c.operatorLicence,
  forsLevel: c.forsLevel,
});

const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

/** The member's VAT number is a proposal until staff confirm it; invoices use the confirmed one meanwhile. */
function VatWaiting({ company }: { company: Company }) {
  return (
    <p role="status" className="mt-2 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
      <span>
        <strong className="font-semibold">VAT number waiting for confirmation</strong>
        {company.proposedVatNumber ? `: ${company.proposedVatNumber}. ` : ": removing it. "}
        Until staff confirm it, invoices {company.vatNumber ? `charge VAT on ${company.vatNumber}` : "charge no VAT"}.
      </span>
    </p>
  );
}

export function CompanyProfileForm({ company }: { company: Company }) {
  const update = useUpdateCompany(company.id);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({ resolver: zodResolver(profileFormSchema), defaultValues: valuesOf(company) });
  const { errors, isDirty } = form.formState;
  const { reset } = form;

  // the saved values (compacted by the server) once they arrive; not while the member is typing
  useEffect(() => {
    if (!form.formState.isDirty) reset(valuesOf(company));
  }, [company, reset, form.formState.isDirty]);

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        const vatWaits = saved.proposedVatNumber !== null && saved.proposedVatNumber !== company.proposedVatNumber;
        const fors = saved.forsLevel !== company.forsLevel && saved.forsLevel !== saved.verifiedForsLevel ? "Loads that need FORS count the level of your verified FORS certificate." : "";
        const vat = vatWaits ? "Staff confirm a new VAT number before invoices include VAT on it." : "";
        toast.success("Company details saved", [fors, vat].filter(Boolean).join(" ") || undefined);
      },
      onError: (err) => {
        const details = err instanceof ApiError ? err.body?.details : undefined;
        let placed = false;
        if (Array.isArray(details))
          for (const d of details as { path?: string; message?: string }[]) {
            const field = FIELDS.find((f) => f === d.path);
            if (field && d.message) {
              form.setError(field, { type: "server", message: d.message }, { shouldFocus: !placed });
              placed = true;
            }
          }
        toast.error("Company details not saved", errorMessage(err, "Please check the details and try again."));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Company details">
      <Field label="Companies House number" error={errors.companyNumber?.message} hint="8 digits, or 2 letters and 6 digits, e.g. 01234567 or SC123456">
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...form.register("companyNumber")} />
      </Field>
      <div>
        <Field label="VAT number (optional)" error={errors.vatNumber?.message} hint="GB followed by 9 or 12 digits, e.g. GB123456789">
          <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...form.register("vatNumber")} />
        </Field>
        {company.proposedVatNumber !== null && <VatWaiting company={company} />}
      </div>
      <Field label="Operator licence (O-licence) number" error={errors.operatorLicence?.message} hint="2 letters and 7 digits, e.g. OB1234567">
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...form.register("operatorLicence")} />
      </Field>
      <Field
        label="FORS level"
        error={errors.forsLevel?.message}
        hint="The level you hold, as shown to staff. Loads that need FORS count the level of your verified FORS certificate: upload it under Documents."
      >
        <select className={selectClass} {...form.register("forsLevel")}>
          {FORS_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level ? `FORS ${level}` : "None"}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={!isDirty || update.isPending} onClick={() => reset(valuesOf(company))}>
          Undo changes
        </Button>
        <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
          Save company details
        </Button>
      </div>
    </form>
  );
}
