// The admin page's check at start: until the network's name and address are in
// Invoice Settings, a banner asks staff to fill them before the first load
// completes, because every self-billing invoice prints them, and opens the dialog.
import { useState } from "react";
import { FileWarning } from "lucide-react";
import { INVOICE_SETTINGS_CHECK, missingInvoiceDetails } from "@contract/schemas/invoice";
import { Button } from "../../../components/ui/button";
import { useInvoiceSettings } from "../api";
import { InvoiceSettingsDialog } from "./invoice-settings-dialog";

/** What Invoice Settings still lack for the first invoice (empty when complete or not yet read). */
export function useMissingInvoiceDetails(): string[] {
  const settings = useInvoiceSettings(true);
  return settings.data ? missingInvoiceDetails(settings.data) : [];
}

export function InvoiceSettingsCheck() {
  const [open, setOpen] = useState(false);
  const missing = useMissingInvoiceDetails();
  if (!missing.length && !open) return null;
  return (
    <div role="status" className="mb-3 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <FileWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">{INVOICE_SETTINGS_CHECK}.</strong> Every self-billing invoice prints your network's details; still empty: {missing.join(" and ")}.
        </span>
      </p>
      <Button variant="outline" size="sm" className="h-11 shrink-0 sm:h-8" onClick={() => setOpen(true)}>
        Open Invoice Settings
      </Button>
      <InvoiceSettingsDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}
