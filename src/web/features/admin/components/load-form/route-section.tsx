// One end of the load's route: pickup or delivery, each with its
// address, city, county and postcode, its time window, and the contact,
// reference and instructions for the driver there.
import { Input, Textarea } from "../../../../components/ui/input";
import { F, Section, sideField, type SideProps } from "./form-parts";
import { TimeWindowFields } from "./dates-fields";
import type { SideValues } from "./load-form-values";

export function RouteSection(props: SideProps) {
  const { side, title, register, errors } = props;
  const k = (f: keyof SideValues) => sideField(side, f);
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
        <TimeWindowFields {...props} />
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
