// Post a truck (POST /api/trucks): the day it is free (and until when), where it is,
// where it is headed (or anywhere), its equipment and the weight it can carry. Every
// check is the contract's, in its words, under its field; the server's answer lands
// there too. Labels above fields, big fields for a phone, one submit with a spinner.
import { useId, useState, type FormEvent } from "react";
import { Truck as TruckIcon } from "lucide-react";
import { EQUIPMENT_TYPES } from "@contract/constants";
import type { Truck } from "@contract/schemas/truck";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/format";
import { usePostTruck } from "./api";
import { checkTruckForm, emptyTruckForm, serverFieldErrors, truckDays, TRUCK_FIELDS, type TruckField, type TruckFormErrors, type TruckFormValues } from "./truck-words";

const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

export function TruckForm({ today, onPosted }: { today: string; onPosted?: (truck: Truck) => void }) {
  const post = usePostTruck();
  const [values, setValues] = useState<TruckFormValues>(() => emptyTruckForm(today));
  const [errors, setErrors] = useState<TruckFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const base = useId();
  const idOf = (f: TruckField) => `${base}-${f}`;

  const set = (f: TruckField) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [f]: value }));
    // a corrected field stops saying what was wrong with it
    if (errors[f]) setErrors((old) => ({ ...old, [f]: undefined }));
  };

  const showErrors = (found: TruckFormErrors) => {
    setErrors(found);
    const first = TRUCK_FIELDS.find((f) => found[f]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (post.isPending) return;
    setFormError(null);
    const checked = checkTruckForm(values, today);
    if ("errors" in checked) return showErrors(checked.errors);
    post.mutate(checked.input, {
      onSuccess: (truck) => {
        toast.success("Truck posted", `${truck.originPostcode}, ${truckDays(truck)}. Loads that match it are listed under it.`);
        setValues(emptyTruckForm(today));
        setErrors({});
        onPosted?.(truck);
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length > 0) showErrors(fields);
        // the company's limit of open trucks, or another refusal in the server's words
        else if (err instanceof ApiError && err.status < 500 && err.serverMessage) setFormError(err.serverMessage);
        else toast.error("The truck was not posted", errorMessage(err, "Please check your connection and try again."));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Post a truck" className="grid gap-4 sm:grid-cols-2">
      <Field id={idOf("availableOn")} label="Available on" error={errors.availableOn}>
        <Input type="date" min={today} value={values.availableOn} onChange={set("availableOn")} required />
      </Field>
      <Field id={idOf("availableUntil")} label="Available until (optional)" error={errors.availableUntil} hint="Up to 14 days after. Leave empty for that day only.">
        <Input type="date" min={values.availableOn || today} value={values.availableUntil} onChange={set("availableUntil")} />
      </Field>
      <Field id={idOf("originPostcode")} label="Where the truck is (postcode or district)" error={errors.originPostcode} hint="For example LS1 or LS1 4AP">
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} value={values.originPostcode} onChange={set("originPostcode")} required />
      </Field>
      <Field id={idOf("destinationPostcode")} label="Heading to (optional)" error={errors.destinationPostcode} hint="A postcode or district, for example BS1. Leave empty for anywhere.">
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} value={values.destinationPostcode} onChange={set("destinationPostcode")} />
      </Field>
      <Field id={idOf("equipmentType")} label="Equipment" error={errors.equipmentType}>
        <select className={selectClass} value={values.equipmentType} onChange={set("equipmentType")}>
          {EQUIPMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </Field>
      <Field id={idOf("maxWeightKg")} label="Max weight (kg)" error={errors.maxWeightKg} hint="Up to 44,000 kg">
        <Input inputMode="numeric" autoComplete="off" value={values.maxWeightKg} onChange={set("maxWeightKg")} required />
      </Field>
      <Field id={idOf("notes")} label="Notes (optional)" error={errors.notes} className="sm:col-span-2">
        <Textarea maxLength={600} rows={2} value={values.notes} onChange={set("notes")} />
      </Field>
      {formError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
          {formError}
        </p>
      )}
      <div className="sm:col-span-2 sm:flex sm:justify-end">
        <Button type="submit" size="lg" loading={post.isPending} className="w-full sm:w-auto">
          <TruckIcon className="h-5 w-5" aria-hidden="true" />
          Post truck
        </Button>
      </div>
    </form>
  );
}
