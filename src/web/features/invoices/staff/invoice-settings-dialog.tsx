// Invoice settings (contract: GET|PUT /api/admin/invoice-settings {paymentTermsDays,
// companyName, companyAddress, companyVatNumber}, terms 30 days unless changed): the
// network's own details printed on every self-billing invoice, and how long after
// issue one is due. Reached from the admin header beside the other settings.
import { useEffect, useRef, useState } from "react";
import { DEFAULT_PAYMENT_TERMS_DAYS, type InvoiceSettings } from "@contract/schemas/invoice";
import { SettingsDialog } from "../../../components/settings-dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/format";
import { useInvoiceSettings, useSaveInvoiceSettings } from "../api";
import { readSettingsForm, type SettingsErrors, type SettingsFormText } from "./settings-form";

export function InvoiceSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useInvoiceSettings(open);
  return (
    <SettingsDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invoice settings"
      description="Your network's details on every self-billing invoice, and when invoices fall due."
      settings={settings}
      failure="Could not load the invoice settings."
    >
      {(saved, done) => <SettingsForm saved={saved} onDone={done} />}
    </SettingsDialog>
  );
}

function SettingsForm({ saved, onDone }: { saved: InvoiceSettings; onDone: () => void }) {
  const save = useSaveInvoiceSettings();
  const toForm = (s: InvoiceSettings): SettingsFormText => ({ ...s, paymentTermsDays: String(s.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS) });
  const [v, setV] = useState<SettingsFormText>(() => toForm(saved));
  const [errors, setErrors] = useState<SettingsErrors>({});
  useEffect(() => setV(toForm(saved)), [saved]);
  // the dialog opened on its spinner: once the settings arrive, the first field takes focus
  // unless the user has already moved it within the dialog
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (first.current && (!active || active === document.body || active === first.current.closest('[role="dialog"]'))) first.current.focus();
  }, []);
  const set = (patch: Partial<SettingsFormText>) => setV({ ...v, ...patch });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
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
      }}
    >
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
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
