// The company's profile as staff edit it (contract PUT /api/companies/{id}): the UK
// identifiers in the contract's formats and, for staff only, the name. Renaming
// renames every member's company and their bookings in one transaction, so the form
// says so before Save.
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Info } from "lucide-react";
import { FORS_LEVELS } from "@contract/constants";
import { companyUpdateSchema, type Company, type CompanyUpdate } from "@contract/schemas/company";
import { ApiError } from "../../lib/api";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast";
import { useUpdateCompany } from "./api";

type FormIn = { name: string; companyNumber: string; vatNumber: string; operatorLicence: string; forsLevel: Company["forsLevel"] };
const FIELDS = ["name", "companyNumber", "vatNumber", "operatorLicence", "forsLevel"] as const;

const SELECT =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

const valuesOf = (c: Company): FormIn => ({
  name: c.name,
  companyNumber: c.companyNumber,
  vatNumber: c.vatNumber,
  operatorLicence: c.operatorLicence,
  forsLevel: c.forsLevel,
});

export function CompanyProfileForm({ company }: { company: Company }) {
  const save = useUpdateCompany();
  const form = useForm<FormIn, unknown, CompanyUpdate>({ resolver: zodResolver(companyUpdateSchema) as never, defaultValues: valuesOf(company) });
  const e = form.formState.errors;
  // a change saved (here or elsewhere) shows what is saved, unless staff are typing:
  // verifying a document refreshes the company too, and must not wipe their edits
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(company));
  }, [company, form]);
  const name = useWatch({ control: form.control, name: "name" });
  const renaming = name.trim() !== "" && name.trim() !== company.name;

  const submit = form.handleSubmit(async (v) => {
    // the name only when it changes: a rename is a step of its own (members and bookings)
    const body: CompanyUpdate = { ...v };
    if (!renaming) delete body.name;
    // the VAT number only when staff change it: staff sending it settle a member's proposal
    if (body.vatNumber === company.vatNumber) delete body.vatNumber;
    try {
      const saved = await save.mutateAsync({ id: company.id, body });
      form.reset(valuesOf(saved ?? { ...company, ...(body as Partial<Company>) }));
    } catch (err) {
      const details = err instanceof ApiError ? err.body?.details : undefined;
      let placed = false;
      if (Array.isArray(details)) {
        for (const d of details as { path?: string; message?: string }[]) {
          const field = FIELDS.find((f) => f === d.path);
          if (field && d.message) {
            form.setError(field, { message: d.message });
            placed = true;
          }
        }
      }
      // another company has the name (409: merge them instead): said under the name
      if (!placed && err instanceof ApiError && err.status === 409 && renaming && err.serverMessage) {
        form.setError("name", { message: err.serverMessage });
        placed = true;
      }
      // a lost connection or anything else: a toast, and the form keeps what was typed
      if (!placed) toast.error("Failed to update the company", err instanceof ApiError ? err.serverMessage : undefined);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field label="Company name" error={e.name?.message} hint="Renaming changes the company name of every member and on their bookings.">
        <Input {...form.register("name")} autoComplete="off" />
      </Field>
      {renaming && (
        <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" role="status">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            Saving renames <strong>{company.name}</strong> to <strong>{name.trim()}</strong> for{" "}
            {company.memberCount === 1 ? "its 1 member" : `all ${company.memberCount} members`} and on their bookings.
          </span>
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Companies House number" error={e.companyNumber?.message} hint="8 digits, or 2 letters and 6 digits">
          <Input {...form.register("companyNumber")} autoComplete="off" placeholder="01234567" className="uppercase" />
        </Field>
        <Field label="VAT number (confirmed)" error={e.vatNumber?.message} hint="Optional: GB and 9 or 12 digits. Invoices charge VAT on it from the next one.">
          <Input {...form.register("vatNumber")} autoComplete="off" placeholder="GB123456789" className="uppercase" />
        </Field>
        <Field label="Operator licence" error={e.operatorLicence?.message} hint="2 letters and 7 digits">
          <Input {...form.register("operatorLicence")} autoComplete="off" placeholder="OB1234567" className="uppercase" />
        </Field>
        <Field label="FORS level (as claimed)" error={e.forsLevel?.message} hint="Counts once a FORS certificate is verified">
          <select {...form.register("forsLevel")} className={SELECT}>
            {FORS_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l || "None"}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={!form.formState.isDirty || save.isPending} onClick={() => form.reset(valuesOf(company))}>
          Undo changes
        </Button>
        <Button type="submit" loading={save.isPending}>
          {renaming ? "Save and rename" : "Save profile"}
        </Button>
      </div>
    </form>
  );
}
