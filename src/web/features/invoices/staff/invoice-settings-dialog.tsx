// Invoice settings (contract: GET|PUT /api/admin/invoice-settings {paymentTermsDays,
// companyName, companyAddress, companyVatNumber}, terms 30 days unless changed): the
// network's own details printed on every self-billing invoice, and how long after
// issue one is due. Reached from the admin header beside the other settings.
import { useEffect, useRef, useState } from "react";
import { DEFAULT_PAYMENT_TERMS_DAYS, type InvoiceSettings } from "@contract/schemas/invoice";
import { SettingsDialog, SettingsForm, useFocusOnArrival, type SettingsDialogProps, type SettingsWords } from "../../../components/settings-dialog";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/format";
import { useInvoiceSettings, useSaveInvoiceSettings } from "../api";
import { readSettingsForm, type SettingsErrors, type SettingsFormText } from "./settings-form";

export function InvoiceSettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const settings = useInvoiceSettings(open);
  return <SettingsDialog open={open} onOpenChange={onOpenChange} words={WORDS} settings={settings} Form={InvoiceSettingsForm} />;
}

const WORDS: SettingsWords = {
  title: "Invoice settings",
  description: "Your network's details on every self-billing invoice, and when invoices fall due.",
  failure: "Could not load the invoice settings.",
};

function InvoiceSettingsForm({ saved, onDone }: { saved: InvoiceSettings; onDone: () => void }) {
  const save = useSaveInvoiceSettings();
  const toForm = (s: InvoiceSettings): SettingsFormText => ({ ...s, paymentTermsDays: String(s.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS) });
  const [v, setV] = useState<SettingsFormText>(() => toForm(saved));
  const [errors, setErrors] = useState<SettingsErrors>({});
  useEffect(() => setV(toForm(saved)), [saved]);
  const first = useRef<HTMLInputElement>(null);
  useFocusOnArrival(first);
  const set = (patch: Partial<SettingsFormText>) => setV({ ...v, ...patch });

  function saveSettings() {
    const read = readSettingsForm(v);
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    save.mutate(read.value, {
      onSuccess: () => {
        toast.success("Invoice settings saved", `Payment terms: ${read.value.paymentTermsDays} days`);
        onDone();
      },
      onError: (err) => toast.error("Error", errorMessage(err, "The invoice settings could not be saved. Please try again.")),
    });
  }

  return (
    <SettingsForm onSave={saveSettings} onCancel={onDone} pending={save.isPending}>
      <Field
        label="Payment terms (days)"
        error={errors.paymentTermsDays}
        hint="An invoice is due this many days after it is issued. Invoices already issued keep their due day."
      >
        <Input ref={first} inputMode="numeric" value={v.paymentTermsDays} maxLength={3} onChange={(e) => set({ paymentTermsDays: e.target.value })} className="sm:w-32" />
      </Field>
      <Field label="Network's name" error={errors.companyName} hint="The customer on each invoice, who raises it on the carrier's behalf.">
        <Input value={v.companyName} maxLength={200} autoComplete="organization" onChange={(e) => set({ companyName: e.target.value })} />
      </Field>
      <Field label="Network's address" error={errors.companyAddress}>
        <Textarea rows={3} value={v.companyAddress} maxLength={1000} autoComplete="street-address" onChange={(e) => set({ companyAddress: e.target.value })} />
      </Field>
      <Field label="Network's VAT number" error={errors.companyVatNumber}>
        <Input value={v.companyVatNumber} maxLength={20} autoComplete="off" onChange={(e) => set({ companyVatNumber: e.target.value })} className="sm:w-56" />
      </Field>
    </SettingsForm>
  );
}
