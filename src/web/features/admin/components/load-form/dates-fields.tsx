// The load's dates: each end's time window (in the board's words: an exact time,
// "before 15:00" or "between 08:00 - 12:00" on a UK day) and, when staff edit a
// load, the POD signatories and the dates they signed (contract: staff may
// correct them; with both set the load can no longer be edited).
import type { TimeType } from "@contract/constants";
import { Input } from "../../../../components/ui/input";
import { F, Section, selectClass, sideField, type SectionProps, type SideProps } from "./form-parts";
import type { SideValues } from "./load-form-values";

/** The time window's type, then its date and time(s); cells of the route section's grid. */
export function TimeWindowFields({ side, title, register, errors, values, setValue }: SideProps) {
  const k = (f: keyof SideValues) => sideField(side, f);
  const type = values[k("TimeType")] as TimeType;
  const date = values[k("Date")] as string;
  const time = values[k("Time")] as string;
  const typeReg = register(k("TimeType"));
  return (
    <>
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
    </>
  );
}

/** Normally filled in by the carrier with Complete POD; shown only when editing a load. */
export function SignatoriesSection({ register, errors }: SectionProps) {
  return (
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
  );
}
