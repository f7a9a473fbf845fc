// The invoice settings form's text read as the contract's settings
// (invoiceSettingsSchema), or the message of each field that is wrong.
import { invoiceSettingsSchema, type InvoiceSettings } from "@contract/schemas/invoice";

export type SettingsFormText = Omit<InvoiceSettings, "paymentTermsDays"> & { paymentTermsDays: string };
export type SettingsErrors = Partial<Record<keyof InvoiceSettings, string>>;

export const TERMS_MSG = "Payment terms must be a whole number of days from 0 to 365";

export function readSettingsForm(f: SettingsFormText): { value: InvoiceSettings } | { errors: SettingsErrors } {
  const days = f.paymentTermsDays.trim();
  // "30" only: "3e1", "30.0" or "-0" are not how anyone writes a number of days
  const parsed = invoiceSettingsSchema.safeParse({ ...f, paymentTermsDays: /^\d{1,3}$/.test(days) ? Number(days) : Number.NaN });
  if (parsed.success) return { value: parsed.data };
  const errors: SettingsErrors = {};
  for (const i of parsed.error.issues) {
    const key = String(i.path[0]) as keyof InvoiceSettings;
    errors[key] ??= key === "paymentTermsDays" ? TERMS_MSG : i.message;
  }
  return { errors };
}
