// What the load needs of the carrier and the vehicle: urgent, ADR,
// waste, tail lift, Moffett, edge protectors, temperature controlled.
import { Section, type SectionProps } from "./form-parts";

export function RequirementsSection({ register }: Pick<SectionProps, "register">) {
  return (
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
  );
}
