// The two compliance switches (contract GET|PUT /api/admin/compliance-settings
// {requireCompliance, enforceFors}; both default off so an existing network keeps
// working after the upgrade). Reached from the admin header beside Schedule Email.
// Before saving, the preview under the switches names what they would block.
import { useEffect, useId, useRef, useState } from "react";
import { Switch } from "radix-ui";
import type { ComplianceSettings } from "@contract/schemas/company";
import { SettingsDialog, SettingsForm, useFocusOnArrival, type SettingsDialogProps, type SettingsWords } from "../../components/settings-dialog";
import { useComplianceSettings, useSaveComplianceSettings } from "./api";
import { CompliancePreviewPanel } from "./compliance-preview";

const OFF: ComplianceSettings = { requireCompliance: false, enforceFors: false };

const WORDS: SettingsWords = {
  title: "Compliance settings",
  description: "What a carrier company must have on file before it can book loads.",
  failure: "Could not load the compliance settings.",
};

export function ComplianceSettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const settings = useComplianceSettings(open);
  return <SettingsDialog open={open} onOpenChange={onOpenChange} words={WORDS} settings={settings} Form={ComplianceForm} />;
}

function ComplianceForm({ saved, onDone }: { saved: ComplianceSettings; onDone: () => void }) {
  const save = useSaveComplianceSettings();
  const [v, setV] = useState<ComplianceSettings>(saved ?? OFF);
  useEffect(() => setV(saved), [saved]);
  return (
    <SettingsForm onSave={() => save.mutate(v, { onSuccess: onDone })} onCancel={onDone} pending={save.isPending}>
      <SettingSwitch
        label="Require verified insurance to book"
        first
        checked={v.requireCompliance}
        onChange={(requireCompliance) => setV({ ...v, requireCompliance })}
        explain="When on, a carrier can accept or bid on a load only while their company has verified, unexpired vehicle insurance and goods in transit insurance on file. When off, anyone approved can book, as before."
      />
      <SettingSwitch
        label="Enforce FORS levels"
        checked={v.enforceFors}
        onChange={(enforceFors) => setV({ ...v, enforceFors })}
        explain="When on, a load that needs FORS Silver can only go to a company with a verified Silver or Gold certificate (and so on). The board tells the carrier why. When off, the FORS level on a load is for information only."
      />
      <CompliancePreviewPanel settings={v} />
    </SettingsForm>
  );
}

/** A switch with its label and a plain explanation read with it (aria-describedby). */
function SettingSwitch({
  label,
  explain,
  checked,
  onChange,
  first = false,
}: {
  label: string;
  explain: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  /** the dialog starts here (dialog-focus.ts looks for fields, and a switch is a button) */
  first?: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLButtonElement>(null);
  useFocusOnArrival(ref, first);
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
      <Switch.Root
        ref={ref}
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-explain`}
        data-autofocus={first || undefined}
        className="group relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-slate-400 bg-slate-200 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:border-brand-800 data-[state=checked]:bg-brand-800"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-1 rounded-full bg-white shadow ring-1 ring-slate-400 transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:ring-brand-800" />
      </Switch.Root>
      <div className="min-w-0 space-y-1">
        <label htmlFor={id} className="flex cursor-pointer flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {label}
          {/* the state in words too, not by the switch's colour or position alone */}
          <span className={checked ? "text-xs font-semibold text-brand-800" : "text-xs font-semibold text-slate-600"} aria-hidden="true">
            {checked ? "On" : "Off"}
          </span>
        </label>
        <p id={`${id}-explain`} className="text-sm text-slate-600">
          {explain}
        </p>
      </div>
    </div>
  );
}
