// Create / edit load dialog (spec §3 Create-load form, §5 defaults and distance
// rules). The form holds what the operator types (UK dates and times, numbers as
// text); toLoadInput() turns it into the contract body and loadInputSchema
// checks it, so the messages are the same ones the server would give.
import { cloneElement, useEffect, useRef, useState, type ReactElement, type ReactNode } from "react";
import { useForm, type FieldPath, type UseFormRegister } from "react-hook-form";
import { Calculator } from "lucide-react";
import { EQUIPMENT_TYPES, type EquipmentType, type TimeType } from "@contract/constants";
import { loadInputSchema, type Load, type LoadInput } from "@contract/schemas/load";
import { normalisePostcode } from "@contract/postcode";
import { copiedLoadDates, instantOf, loadDateProblems, podDateProblems } from "@contract/load-dates";
import { Button } from "../../../components/ui/button";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { api, ApiError } from "../../../lib/api";
import { formatRate } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { useNextLoadNumber } from "../api/queries";
import { useSaveLoad } from "../api/mutations";
import { isoToUkLocal, ukLocalToIso, ukTomorrow } from "../lib/uk-time";
import { WideDialog } from "../../../components/ui/wide-dialog";
import { LaneRateHint } from "../../rates/components/lane-rate-hint";

type Side = "pickup" | "delivery";

interface SideValues {
  Address: string;
  City: string;
  State: string;
  Zip: string;
  /** YYYY-MM-DD, UK */
  Date: string;
  /** HH:MM of an exact window */
  Time: string;
  TimeType: TimeType;
  StartTime: string;
  EndTime: string;
  Contact: string;
  Reference: string;
  Instructions: string;
}
type Prefixed<P extends string, T> = { [K in keyof T as `${P}${K & string}`]: T[K] };

export type LoadFormValues = Prefixed<"pickup", SideValues> &
  Prefixed<"delivery", SideValues> & {
    loadNumber: string;
    mandataNumber: string;
    weight: string;
    length: string;
    width: string;
    height: string;
    distance: string;
    price: string;
    cargoType: string;
    equipmentType: EquipmentType;
    forsRequirement: "" | "Bronze" | "Silver" | "Gold";
    isUrgent: boolean;
    isTemperatureControlled: boolean;
    adr: boolean;
    waste: boolean;
    tailLift: boolean;
    moffett: boolean;
    edgeProtectors: boolean;
    /** staff may correct POD signatories (contract); datetime-local strings */
    pickupSignedBy: string;
    pickupSignedAt: string;
    deliverySignedBy: string;
    deliverySignedAt: string;
  };

function emptySide(date: string, time: string): SideValues {
  return {
    Address: "",
    City: "",
    State: "",
    Zip: "",
    Date: date,
    Time: time,
    TimeType: "exact",
    StartTime: "",
    EndTime: "",
    Contact: "",
    Reference: "",
    Instructions: "",
  };
}

function prefix<P extends Side>(p: P, v: SideValues): Prefixed<P, SideValues> {
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [`${p}${k}`, x])) as Prefixed<P, SideValues>;
}

/** spec §5: a new load defaults to pickup tomorrow 09:00 and delivery tomorrow 15:00. */
export function newLoadDefaults(now = new Date()): LoadFormValues {
  const tomorrow = ukTomorrow(now);
  return {
    ...prefix("pickup", emptySide(tomorrow, "09:00")),
    ...prefix("delivery", emptySide(tomorrow, "15:00")),
    loadNumber: "",
    mandataNumber: "",
    weight: "",
    length: "",
    width: "",
    height: "",
    distance: "",
    price: "",
    cargoType: "",
    equipmentType: "Flatbed",
    forsRequirement: "",
    isUrgent: false,
    isTemperatureControlled: false,
    adr: false,
    waste: false,
    tailLift: false,
    moffett: false,
    edgeProtectors: false,
    pickupSignedBy: "",
    pickupSignedAt: "",
    deliverySignedBy: "",
    deliverySignedAt: "",
  };
}

function sideFromLoad(l: Load, s: Side): SideValues {
  const get = <K extends string>(k: K) => (l as unknown as Record<string, unknown>)[`${s}${k}`] as string | null;
  const local = isoToUkLocal(get("Date"));
  const type = (get("TimeType") as TimeType) || "exact";
  const start = get("StartTime") ?? "";
  const end = get("EndTime") ?? "";
  return {
    Address: get("Address") ?? "",
    City: get("City") ?? "",
    State: get("State") ?? "",
    Zip: get("Zip") ?? "",
    Date: local.date,
    Time: type === "exact" ? start || local.time : local.time,
    TimeType: type,
    StartTime: start || (type === "between" ? local.time : ""),
    EndTime: end || (type === "before" ? local.time : ""),
    Contact: get("Contact") ?? "",
    Reference: get("Reference") ?? "",
    Instructions: get("Instructions") ?? "",
  };
}

/**
 * A new load filled from another (contract: Copy Load creates nothing until Save):
 * no number (the next one is offered), PO number or signatories; the dates of a
 * load whose pickup day has passed move to tomorrow at the same times.
 */
export function valuesForCopy(original: Load, now = new Date()): LoadFormValues {
  const v = valuesFromLoad({ ...original, ...copiedLoadDates(original, now) });
  return { ...v, loadNumber: "", mandataNumber: "", pickupSignedBy: "", pickupSignedAt: "", deliverySignedBy: "", deliverySignedAt: "" };
}

const numText = (n: number | null | undefined) => (n == null ? "" : String(n));
const localDateTime = (iso: string | null) => {
  const p = isoToUkLocal(iso);
  return p.date ? `${p.date}T${p.time}` : "";
};

export function valuesFromLoad(l: Load): LoadFormValues {
  return {
    ...prefix("pickup", sideFromLoad(l, "pickup")),
    ...prefix("delivery", sideFromLoad(l, "delivery")),
    loadNumber: l.loadNumber,
    mandataNumber: l.mandataNumber ?? "",
    weight: numText(l.weight),
    length: numText(l.length),
    width: numText(l.width),
    height: numText(l.height),
    distance: numText(l.distance),
    price: numText(l.price),
    cargoType: l.cargoType ?? "",
    equipmentType: l.equipmentType,
    forsRequirement: (["", "Bronze", "Silver", "Gold"].includes(l.forsRequirement) ? l.forsRequirement : "") as LoadFormValues["forsRequirement"],
    isUrgent: l.isUrgent,
    isTemperatureControlled: l.isTemperatureControlled,
    adr: l.adr,
    waste: l.waste,
    tailLift: l.tailLift,
    moffett: l.moffett,
    edgeProtectors: l.edgeProtectors,
    pickupSignedBy: l.pickupSignedBy ?? "",
    pickupSignedAt: localDateTime(l.pickupSignedDate),
    deliverySignedBy: l.deliverySignedBy ?? "",
    deliverySignedAt: localDateTime(l.deliverySignedDate),
  };
}

function sideInput(v: LoadFormValues, s: Side) {
  const g = <K extends keyof SideValues>(k: K) => v[`${s}${k}` as keyof LoadFormValues] as SideValues[K];
  const type = g("TimeType");
  // the stored instant is the day plus the window's defining time (spec §4 wording)
  const time = type === "exact" ? g("Time") : type === "before" ? g("EndTime") : g("StartTime");
  return {
    [`${s}Address`]: g("Address"),
    [`${s}City`]: g("City"),
    [`${s}State`]: g("State"),
    // contract: stored as "LL61 5UL"; text that is no postcode is sent as typed and refused with its message
    [`${s}Zip`]: normalisePostcode(g("Zip")) ?? g("Zip").trim(),
    [`${s}Date`]: ukLocalToIso(g("Date"), time),
    [`${s}TimeType`]: type,
    [`${s}StartTime`]: type === "exact" ? g("Time") || null : type === "between" ? g("StartTime") || null : null,
    [`${s}EndTime`]: type === "exact" ? null : g("EndTime") || null,
    [`${s}Contact`]: g("Contact"),
    [`${s}Reference`]: g("Reference"),
    [`${s}Instructions`]: g("Instructions"),
  };
}

type NumberField = "weight" | "length" | "width" | "height" | "distance" | "price";

/** Form values → the contract body; numbers that are not numbers are reported, not sent. */
export function toLoadInput(v: LoadFormValues, withSignatories: boolean): { body: LoadInput; numberErrors: Record<string, string> } {
  const numberErrors: Record<string, string> = {};
  const num = (k: NumberField): number | null | undefined => {
    const t = v[k].trim();
    if (t === "") return k === "price" ? undefined : null;
    const n = Number(t);
    if (!Number.isFinite(n)) numberErrors[k] = "Enter a number";
    else if (n < 0) numberErrors[k] = k === "price" ? "Price cannot be negative" : "Enter 0 or more";
    else if ((k === "weight" || k === "distance") && !Number.isInteger(n)) numberErrors[k] = "Enter a whole number";
    return n;
  };
  const body = {
    loadNumber: v.loadNumber,
    mandataNumber: v.mandataNumber,
    ...sideInput(v, "pickup"),
    ...sideInput(v, "delivery"),
    weight: num("weight"),
    length: num("length"),
    width: num("width"),
    height: num("height"),
    distance: num("distance"),
    price: num("price"),
    cargoType: v.cargoType,
    equipmentType: v.equipmentType,
    forsRequirement: v.forsRequirement,
    isUrgent: v.isUrgent,
    isTemperatureControlled: v.isTemperatureControlled,
    adr: v.adr,
    waste: v.waste,
    tailLift: v.tailLift,
    moffett: v.moffett,
    edgeProtectors: v.edgeProtectors,
    ...(withSignatories
      ? {
          pickupSignedBy: v.pickupSignedBy,
          pickupSignedDate: v.pickupSignedAt ? ukLocalToIso(...(v.pickupSignedAt.split("T") as [string, string])) : null,
          deliverySignedBy: v.deliverySignedBy,
          deliverySignedDate: v.deliverySignedAt ? ukLocalToIso(...(v.deliverySignedAt.split("T") as [string, string])) : null,
        }
      : {}),
  } as LoadInput;
  return { body, numberErrors };
}

/**
 * The contract's date rules as the server will judge them: a new load (or a copy)
 * always, an edit when a date changes; POD signature dates when staff change them.
 */
export function sensibleDateProblems(body: LoadInput, original: Load | null, now = new Date()): { path: string; message: string }[] {
  const problems = loadDateProblems({ pickupDate: body.pickupDate, deliveryDate: body.deliveryDate, before: original, now });
  const signed = (b: { pickupSignedDate?: string | null; deliverySignedDate?: string | null }) => [instantOf(b.pickupSignedDate), instantOf(b.deliverySignedDate)].join();
  if ("pickupSignedDate" in body && (!original || signed(body) !== signed(original))) {
    problems.push(...podDateProblems({ pickupSignedDate: body.pickupSignedDate, deliverySignedDate: body.deliverySignedDate, now }));
  }
  return problems;
}

/** Maps a contract field to the form field its message belongs under. */
function formField(path: string): FieldPath<LoadFormValues> {
  const m = /^(pickup|delivery)(SignedDate)$/.exec(path);
  if (m) return `${m[1]}SignedAt` as FieldPath<LoadFormValues>;
  return path as FieldPath<LoadFormValues>;
}

async function fetchDistance(pickupPostcode: string, deliveryPostcode: string): Promise<number> {
  const r = await api.post<{ distance: number }>("/api/calculate-distance", { pickupPostcode, deliveryPostcode });
  if (typeof r?.distance !== "number" || !Number.isFinite(r.distance)) throw new Error("no distance");
  return Math.round(r.distance);
}

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
  const errors = formState.errors as Partial<Record<keyof LoadFormValues, { message?: string }>>;
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

  // spec §3: offer the next available load number (an empty one is generated on save)
  // (also on every opening: the form was just reset, and a cached number is not a new answer)
  useEffect(() => {
    if (open && !editing && next.data?.loadNumber && !form.getFieldState("loadNumber").isDirty && !form.getValues("loadNumber")) {
      setValue("loadNumber", next.data.loadNumber);
    }
  }, [open, copyOf, editing, next.data, setValue, form]);

  const v = watch();
  const priceN = Number(v.price);
  const distN = Number(v.distance);
  const rate = v.price && v.distance && distN > 0 && Number.isFinite(priceN) ? Math.round((priceN / distN) * 100) / 100 : null;

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
    // spec §5: on submit, try the distance for the postcodes given; if that fails, keep the manual one
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
        // fall back to the manually entered distance (spec §5)
      }
    }
    let prepared: ReturnType<typeof toLoadInput>;
    try {
      prepared = toLoadInput(values, editing);
    } catch {
      // spec §8: the form could not be turned into a load (e.g. a date the browser cannot read)
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
          <Section title="Load">
            <div className="grid gap-3 sm:grid-cols-3">
              <F label="Load Number" name="loadNumber" errors={errors} hint={editing ? undefined : "Empty: the next number is generated"}>
                <Input {...register("loadNumber")} placeholder={next.data?.loadNumber ?? "FN-2026-001"} autoComplete="off" />
              </F>
              <F label="PO Number" name="mandataNumber" errors={errors} hint="Issued on approval if empty">
                <Input {...register("mandataNumber")} autoComplete="off" />
              </F>
              <F label="Cargo Type" name="cargoType" errors={errors}>
                <Input {...register("cargoType")} placeholder="e.g. Steel coils" />
              </F>
            </div>
          </Section>

          <div className="grid gap-6 lg:grid-cols-2">
            <SideFields side="pickup" title="Pickup" register={register} errors={errors} values={v} setValue={setValue} />
            <SideFields side="delivery" title="Delivery" register={register} errors={errors} values={v} setValue={setValue} />
          </div>

          <Section title="Cargo, distance and price">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <F label="Weight (kg)" name="weight" errors={errors}>
                <Input {...register("weight")} type="number" inputMode="numeric" min={0} step={1} />
              </F>
              <F label="Length (feet)" name="length" errors={errors}>
                <Input {...register("length")} type="number" inputMode="decimal" min={0} step={0.1} />
              </F>
              <F label="Width (feet)" name="width" errors={errors}>
                <Input {...register("width")} type="number" inputMode="decimal" min={0} step={0.1} />
              </F>
              <F label="Height (feet)" name="height" errors={errors}>
                <Input {...register("height")} type="number" inputMode="decimal" min={0} step={0.1} />
              </F>
              <div className="col-span-2 space-y-1">
                <F label="Distance (miles)" name="distance" errors={errors}>
                  <Input {...register("distance")} type="number" inputMode="numeric" min={0} step={1} />
                </F>
                <Button variant="outline" size="sm" className="min-h-11 w-full sm:min-h-9" loading={calculating} onClick={onCalculate}>
                  <Calculator className="h-4 w-4" aria-hidden="true" />
                  Calculate
                </Button>
              </div>
              <F label="Price (£) *" name="price" errors={errors}>
                <Input {...register("price")} type="number" inputMode="decimal" min={0} step={0.01} />
              </F>
              <div className="space-y-1">
                <span className="block text-sm font-medium text-slate-800" id="rate-label">
                  Rate per mile
                </span>
                <output aria-labelledby="rate-label" className="tabular flex min-h-11 items-center rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 text-slate-800">
                  {rate == null ? "—" : formatRate(rate)}
                </output>
                <p className="text-xs text-slate-600">Price ÷ distance, set on save</p>
              </div>
              <F label="Equipment" name="equipmentType" errors={errors}>
                <select {...register("equipmentType")} className={selectClass}>
                  {EQUIPMENT_TYPES.map((e) => (
                    <option key={e} value={e}>
                      {e}
                    </option>
                  ))}
                </select>
              </F>
              <F label="FORS" name="forsRequirement" errors={errors}>
                <select {...register("forsRequirement")} className={selectClass}>
                  <option value="">None Required</option>
                  <option value="Bronze">Bronze</option>
                  <option value="Silver">Silver</option>
                  <option value="Gold">Gold</option>
                </select>
              </F>
            </div>
            {/* contract-beyond "Lane rates": what the lane usually pays, before the price is set */}
            <LaneRateHint
              className="mt-3"
              ask={{ pickup: v.pickupZip, delivery: v.deliveryZip, equipmentType: v.equipmentType }}
              distance={Number.isInteger(distN) && distN > 0 ? distN : null}
              idleText="Enter both postcodes to see what this lane usually pays."
            />
          </Section>

          <Section title="Requirements">
            <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-4">
              {(
                [
                  ["isUrgent", "Urgent Load"],
                  ["adr", "ADR"],
                  ["waste", "Waste"],
                  ["tailLift", "Tail Lift"],
                  ["moffett", "Moffett"],
                  ["edgeProtectors", "Edge Protectors"],
                  ["isTemperatureControlled", "Temperature Controlled"],
                ] as const
              ).map(([name, label]) => (
                <label key={name} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" {...register(name)} className="h-5 w-5 rounded border-slate-400 accent-brand-800" />
                  {label}
                </label>
              ))}
            </div>
          </Section>

          {editing && (
            <Section title="POD signatories">
              <p className="mb-2 text-sm text-slate-600">
                Normally filled in by the carrier with Complete POD. With both signatories set the load can no longer be edited.
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <F label="Pickup signed by" name="pickupSignedBy" errors={errors}>
                  <Input {...register("pickupSignedBy")} />
                </F>
                <F label="Pickup signed date" name="pickupSignedAt" errors={errors}>
                  <Input {...register("pickupSignedAt")} type="datetime-local" />
                </F>
                <F label="Delivery signed by" name="deliverySignedBy" errors={errors}>
                  <Input {...register("deliverySignedBy")} />
                </F>
                <F label="Delivery signed date" name="deliverySignedAt" errors={errors}>
                  <Input {...register("deliverySignedAt")} type="datetime-local" />
                </F>
              </div>
            </Section>
          )}
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

const selectClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-700">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Label above, control, the message under it, linked by aria (ui.md forms). */
function F({
  label,
  name,
  errors,
  hint,
  children,
  className,
}: {
  label: string;
  name: keyof LoadFormValues;
  errors: Partial<Record<keyof LoadFormValues, { message?: string }>>;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}) {
  const id = `load-${name}`;
  const error = errors[name]?.message;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}


function SideFields({
  side,
  title,
  register,
  errors,
  values,
  setValue,
}: {
  side: Side;
  title: string;
  register: UseFormRegister<LoadFormValues>;
  errors: Partial<Record<keyof LoadFormValues, { message?: string }>>;
  values: LoadFormValues;
  setValue: (name: keyof LoadFormValues, value: string, opts?: { shouldDirty?: boolean }) => void;
}) {
  const k = (f: keyof SideValues) => `${side}${f}` as keyof LoadFormValues & FieldPath<LoadFormValues>;
  const type = values[k("TimeType")] as TimeType;
  const date = values[k("Date")] as string;
  const time = values[k("Time")] as string;
  const typeReg = register(k("TimeType"));
  return (
    <Section title={title}>
      <div className="grid grid-cols-2 gap-3">
        <F label="Address" name={k("Address")} errors={errors} className="col-span-2">
          <Input {...register(k("Address"))} autoComplete="off" />
        </F>
        <F label="City *" name={k("City")} errors={errors}>
          <Input {...register(k("City"))} autoComplete="off" />
        </F>
        <F label="County" name={k("State")} errors={errors}>
          <Input {...register(k("State"))} autoComplete="off" />
        </F>
        <F label="Postcode" name={k("Zip")} errors={errors}>
          <Input {...register(k("Zip"))} autoComplete="off" className="uppercase" />
        </F>
        <F label="Time" name={k("TimeType")} errors={errors}>
          <select
            {...typeReg}
            className={selectClass}
            onChange={(e) => {
              void typeReg.onChange(e);
              // carry the time across so switching window type keeps what was typed
              const t = e.target.value as TimeType;
              if (t === "between" && !values[k("StartTime")]) setValue(k("StartTime"), time);
              if (t === "before" && !values[k("EndTime")]) setValue(k("EndTime"), time);
              if (t === "exact" && !time) setValue(k("Time"), (values[k("StartTime")] as string) || (values[k("EndTime")] as string));
            }}
          >
            <option value="exact">Exact time</option>
            <option value="before">Before</option>
            <option value="between">Between</option>
          </select>
        </F>
        {type === "exact" ? (
          <F label={`${title} date and time`} name={k("Date")} errors={errors} className="col-span-2">
            <Input
              type="datetime-local"
              value={date ? `${date}T${time || "00:00"}` : ""}
              onChange={(e) => {
                const [d, t] = e.target.value.split("T");
                setValue(k("Date"), d ?? "", { shouldDirty: true });
                setValue(k("Time"), t ?? "", { shouldDirty: true });
              }}
            />
          </F>
        ) : (
          <>
            <F label={`${title} date`} name={k("Date")} errors={errors} className={type === "before" ? "" : "col-span-2"}>
              <Input {...register(k("Date"))} type="date" />
            </F>
            {type === "between" && (
              <F label="Start time" name={k("StartTime")} errors={errors}>
                <Input {...register(k("StartTime"))} type="time" />
              </F>
            )}
            <F label={type === "before" ? "Before time" : "End time"} name={k("EndTime")} errors={errors}>
              <Input {...register(k("EndTime"))} type="time" />
            </F>
          </>
        )}
        <F label="Contact" name={k("Contact")} errors={errors}>
          <Input {...register(k("Contact"))} autoComplete="off" />
        </F>
        <F label="Reference" name={k("Reference")} errors={errors}>
          <Input {...register(k("Reference"))} autoComplete="off" />
        </F>
        <F label="Instructions" name={k("Instructions")} errors={errors} className="col-span-2">
          <Textarea {...register(k("Instructions"))} rows={2} />
        </F>
      </div>
    </Section>
  );
}
