// The load form's values and the mapping between them and a load, with a new
// load's defaults. The form holds what the operator types: UK dates and times,
// numbers as text. A new load, a load to edit and a copy each become form
// values here; toLoadInput() turns the values back into the contract's body,
// and the date rules are the ones the server applies on save.
import type { FieldPath } from "react-hook-form";
import type { EquipmentType, TimeType } from "@contract/constants";
import type { Load, LoadInput } from "@contract/schemas/load";
import { normalisePostcode } from "@contract/postcode";
import { copiedLoadDates, instantOf, loadDateProblems, podDateProblems } from "@contract/load-dates";
import { isoToUkLocal, ukLocalToIso, ukTomorrow } from "../../lib/uk-time";

export type Side = "pickup" | "delivery";

export interface SideValues {
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
/** the load's yes/no requirements, checkboxes in the form as in the load */
type LoadFlags = Pick<Load, "isUrgent" | "isTemperatureControlled" | "adr" | "waste" | "tailLift" | "moffett" | "edgeProtectors">;

export type LoadFormValues = Prefixed<"pickup", SideValues> &
  Prefixed<"delivery", SideValues> &
  LoadFlags & {
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

/** A new load defaults to pickup tomorrow 09:00 and delivery tomorrow 15:00. */
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
  // the stored instant is the day plus the window's defining time (as the board words it)
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
export function formField(path: string): FieldPath<LoadFormValues> {
  const m = /^(pickup|delivery)(SignedDate)$/.exec(path);
  if (m) return `${m[1]}SignedAt` as FieldPath<LoadFormValues>;
  return path as FieldPath<LoadFormValues>;
}
