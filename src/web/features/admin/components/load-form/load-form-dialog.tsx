// Create / edit load dialog, with its defaults and distance rules. The form
// holds what the operator types (UK dates and times, numbers as text);
// toLoadInput() turns it into the contract body and loadInputSchema checks it,
// so the messages are the same ones the server would give. The sections
// (details, route, dates, requirements) are components of their own; the
// mapping between a load and the form is load-form-values.ts.
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { loadInputSchema, type Load } from "@contract/schemas/load";
import { Button } from "../../../../components/ui/button";
import { toast } from "../../../../components/ui/toast";
import { WideDialog } from "../../../../components/ui/wide-dialog";
import { ApiError } from "../../../../lib/api";
import { fetchDistance } from "../../api/distance";
import { useNextLoadNumber } from "../../api/queries";
import { useSaveLoad } from "../../api/mutations";
import { formField, newLoadDefaults, sensibleDateProblems, toLoadInput, valuesForCopy, valuesFromLoad, type LoadFormValues } from "./load-form-values";
import type { LoadFormErrors } from "./form-parts";
import { CargoSection, LoadSection } from "./details-section";
import { RouteSection } from "./route-section";
import { SignatoriesSection } from "./dates-fields";
import { RequirementsSection } from "./requirements-section";

export interface LoadFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create a new load; a load: edit it */
  load: Load | null;
  /** create a new load filled from this one (Copy Load) */
  copyOf?: Load | null;
  onSaved?: (load: Load) => void;
}

export function LoadFormDialog({ open, onOpenChange, load, copyOf, onSaved }: LoadFormDialogProps) {
  const editing = !!load;
  const form = useForm<LoadFormValues>({ defaultValues: newLoadDefaults(), mode: "onSubmit" });
  const { register, handleSubmit, watch, setValue, reset, setError, clearErrors, formState } = form;
  const errors = formState.errors as LoadFormErrors;
  const save = useSaveLoad();
  const next = useNextLoadNumber(open && !editing);
  /** which postcodes the distance field was last calculated for */
  const calculatedFor = useRef<string | null>(null);
  const [calculating, setCalculating] = useState(false);

  useEffect(() => {
    if (!open) return;
    reset(load ? valuesFromLoad(load) : copyOf ? valuesForCopy(copyOf) : newLoadDefaults());
    calculatedFor.current = null;
  }, [open, load, copyOf, reset]);

  // offer the next available load number (an empty one is generated on save)
  // (also on every opening: the form was just reset, and a cached number is not a new answer)
  useEffect(() => {
    if (open && !editing && next.data?.loadNumber && !form.getFieldState("loadNumber").isDirty && !form.getValues("loadNumber")) {
      setValue("loadNumber", next.data.loadNumber);
    }
  }, [open, copyOf, editing, next.data, setValue, form]);

  const v = watch();
  const postcodes = () => ({ p: v.pickupZip.trim(), d: v.deliveryZip.trim() });

  async function onCalculate() {
    const { p, d } = postcodes();
    if (!p || !d) {
      toast.error("Please fill in both pickup and delivery postcodes to calculate distance.");
      return;
    }
    setCalculating(true);
    try {
      const miles = await fetchDistance(p, d);
      setValue("distance", String(miles), { shouldDirty: true });
      clearErrors("distance");
      calculatedFor.current = `${p}|${d}`.toUpperCase();
      toast.success("Distance calculated", `${miles} miles from ${p.toUpperCase()} to ${d.toUpperCase()}`);
    } catch {
      toast.error("Calculation Failed", "Unable to calculate distance. Please enter manually.");
    } finally {
      setCalculating(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    // on submit, try the distance for the postcodes given; if that fails, keep the manual one
    const p = values.pickupZip.trim();
    const d = values.deliveryZip.trim();
    const key = `${p}|${d}`.toUpperCase();
    const stale = calculatedFor.current !== null && calculatedFor.current !== key;
    if (p && d && (values.distance.trim() === "" || stale)) {
      try {
        values = { ...values, distance: String(await fetchDistance(p, d)) };
        setValue("distance", values.distance);
        calculatedFor.current = key;
      } catch {
        // fall back to the manually entered distance
      }
    }
    let prepared: ReturnType<typeof toLoadInput>;
    try {
      prepared = toLoadInput(values, editing);
    } catch {
      // the form could not be turned into a load (e.g. a date the browser cannot read)
      toast.error("Failed to process load creation. Please try again.");
      return;
    }
    const { body, numberErrors } = prepared;
    const parsed = loadInputSchema.safeParse(body);
    const fieldErrors: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) fieldErrors[String(i.path[0])] ??= i.message;
    Object.assign(fieldErrors, numberErrors);
    // contract: dates that make sense, the same rules (and words) the server applies on save
    for (const p of sensibleDateProblems(body, load)) fieldErrors[p.path] ??= p.message;
    if (Object.keys(fieldErrors).length) {
      let first = true;
      for (const [k, msg] of Object.entries(fieldErrors)) {
        setError(formField(k), { type: "validate", message: msg }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: load?.id, body, copiedFrom: copyOf?.loadNumber });
      onSaved?.(saved);
      onOpenChange(false);
    } catch (e) {
      // the toast is shown by the mutation; put the server's field messages under their fields
      const details = e instanceof ApiError ? e.body?.details : undefined;
      if (Array.isArray(details))
        for (const det of details as { path?: string; message?: string }[])
          if (det.path && det.message) setError(formField(det.path), { type: "server", message: det.message });
    }
  });

  const title = editing ? `Edit Load - #${load.loadNumber}` : copyOf ? `Copy Load - #${copyOf.loadNumber}` : "Add New Load";
  const description = copyOf
    ? `Copy of #${copyOf.loadNumber}. Nothing is created until you save: check the dates and details first.`
    : editing
      ? "Change the load's details. Carriers see the changes on their next refresh."
      : "Fields marked * are required. Leave the load number empty to generate the next one.";

  return (
    <WideDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form
        onSubmit={(e) => {
          // every message is worked out again on each save: one left on a field with no rules of
          // its own (the exact date-time input, a server's answer) would otherwise block the next
          clearErrors();
          return onSubmit(e);
        }}
        noValidate
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-5 py-4">
          <LoadSection register={register} errors={errors} editing={editing} nextNumber={next.data?.loadNumber} />

          <div className="grid gap-6 lg:grid-cols-2">
            <RouteSection side="pickup" title="Pickup" register={register} errors={errors} values={v} setValue={setValue} />
            <RouteSection side="delivery" title="Delivery" register={register} errors={errors} values={v} setValue={setValue} />
          </div>

          <CargoSection register={register} errors={errors} values={v} calculating={calculating} onCalculate={onCalculate} />

          <RequirementsSection register={register} />

          {editing && <SignatoriesSection register={register} errors={errors} />}
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting || save.isPending}>
            {editing ? "Save Changes" : "Create Load"}
          </Button>
        </div>
      </form>
    </WideDialog>
  );
}
