// The load's own details: its number, PO number and
// cargo type; then the cargo, distance and price, with Calculate for the miles
// between the postcodes, the rate per mile it makes, and what the lane usually pays.
import { Calculator } from "lucide-react";
import { EQUIPMENT_TYPES } from "@contract/constants";
import { Button } from "../../../../components/ui/button";
import { Input } from "../../../../components/ui/input";
import { formatRate } from "../../../../lib/format";
import { LaneRateHint } from "../../../rates";
import { F, Section, selectClass, type SectionProps } from "./form-parts";
import type { LoadFormValues } from "./load-form-values";

export function LoadSection({ register, errors, editing, nextNumber }: SectionProps & { editing: boolean; nextNumber: string | undefined }) {
  return (
    <Section title="Load">
      <div className="grid gap-3 sm:grid-cols-3">
        <F label="Load Number" name="loadNumber" errors={errors} hint={editing ? undefined : "Empty: the next number is generated"}>
          <Input {...register("loadNumber")} placeholder={nextNumber ?? "FN-2026-001"} autoComplete="off" />
        </F>
        <F label="PO Number" name="mandataNumber" errors={errors} hint="Issued on approval if empty">
          <Input {...register("mandataNumber")} autoComplete="off" />
        </F>
        <F label="Cargo Type" name="cargoType" errors={errors}>
          <Input {...register("cargoType")} placeholder="e.g. Steel coils" />
        </F>
      </div>
    </Section>
  );
}

/** The rate per mile the price and distance make (set by the server on save); null until both are numbers. */
function ratePerMile(v: LoadFormValues): number | null {
  const priceN = Number(v.price);
  const distN = Number(v.distance);
  return v.price && v.distance && distN > 0 && Number.isFinite(priceN) ? Math.round((priceN / distN) * 100) / 100 : null;
}

export function CargoSection({
  register,
  errors,
  values: v,
  calculating,
  onCalculate,
}: SectionProps & {
  values: LoadFormValues;
  /** the distance is being asked for */
  calculating: boolean;
  onCalculate: () => void;
}) {
  const rate = ratePerMile(v);
  const distN = Number(v.distance);
  return (
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
      {/* the lane rate: what the lane usually pays, before the price is set */}
      <LaneRateHint
        className="mt-3"
        ask={{ pickup: v.pickupZip, delivery: v.deliveryZip, equipmentType: v.equipmentType }}
        distance={Number.isInteger(distN) && distN > 0 ? distN : null}
        idleText="Enter both postcodes to see what this lane usually pays."
      />
    </Section>
  );
}
