// Waiting-time settings (GET|PUT /api/admin/waiting-time-settings): the free time
// at a stop, the rate per hour beyond it, the most hours paid, and how many days
// a carrier has to claim. A change prices the claims sent after it; a claim
// already sent keeps its terms. Opened from the Claims tab.
import { useEffect, useRef, useState } from "react";
import type { WaitingTimeSettings } from "@contract/schemas/claim";
import { SettingsDialog, SettingsForm, useFocusOnArrival, type SettingsDialogProps, type SettingsWords } from "../../../components/settings-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatMoney } from "../../../lib/format";
import { useSaveWaitingSettings, useWaitingSettings } from "../api";
import { readWaitingForm, toWaitingForm, type WaitingFormErrors, type WaitingFormText } from "./waiting-settings-form";

export function WaitingSettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const settings = useWaitingSettings(open);
  return <SettingsDialog open={open} onOpenChange={onOpenChange} words={WORDS} settings={settings} Form={WaitingSettingsForm} />;
}

const WORDS: SettingsWords = {
  title: "Waiting-time settings",
  description: "What a carrier is paid for waiting at a stop beyond the free time. Claims already sent keep the terms they were priced with.",
  failure: "Could not load the waiting-time settings.",
};

function WaitingSettingsForm({ saved, onDone }: { saved: WaitingTimeSettings; onDone: () => void }) {
  const save = useSaveWaitingSettings();
  const [v, setV] = useState<WaitingFormText>(() => toWaitingForm(saved));
  const [errors, setErrors] = useState<WaitingFormErrors>({});
  useEffect(() => setV(toWaitingForm(saved)), [saved]);
  const first = useRef<HTMLInputElement>(null);
  useFocusOnArrival(first);
  const set = (patch: Partial<WaitingFormText>) => setV({ ...v, ...patch });

  function saveSettings() {
    const read = readWaitingForm(v);
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    save.mutate(read.value, {
      onSuccess: (s) => {
        toast.success("Waiting-time settings saved", `${s.freeMinutes} min free, then ${formatMoney(s.ratePerHour)} an hour for up to ${s.maxHours} h`);
        onDone();
      },
      onError: (err) => toast.error("Error", errorMessage(err, "The waiting-time settings could not be saved. Please try again.")),
    });
  }

  return (
    <SettingsForm onSave={saveSettings} onCancel={onDone} pending={save.isPending}>
      <Field label="Free minutes" error={errors.freeMinutes} hint="Waiting up to this long at a stop is not paid (0 to 480).">
        <Input ref={first} inputMode="numeric" maxLength={3} value={v.freeMinutes} onChange={(e) => set({ freeMinutes: e.target.value })} className="sm:w-32" />
      </Field>
      <Field label="Rate per hour (£)" error={errors.ratePerHour} hint="Paid for each hour beyond the free time, by the minute (£0 to £500).">
        <Input inputMode="decimal" maxLength={7} value={v.ratePerHour} onChange={(e) => set({ ratePerHour: e.target.value })} className="sm:w-32" />
      </Field>
      <Field label="Maximum hours" error={errors.maxHours} hint="The most chargeable time paid for one stop (1 to 24).">
        <Input inputMode="numeric" maxLength={2} value={v.maxHours} onChange={(e) => set({ maxHours: e.target.value })} className="sm:w-32" />
      </Field>
      <Field label="Claim days" error={errors.claimDays} hint="A carrier can claim until the end of this many days after leaving the stop (1 to 90).">
        <Input inputMode="numeric" maxLength={2} value={v.claimDays} onChange={(e) => set({ claimDays: e.target.value })} className="sm:w-32" />
      </Field>
    </SettingsForm>
  );
}
