// A carrier company's statement, for staff (contract: GET /api/invoices/statement
// ?from&to&format&companyId, companyId required for staff): choose the company by
// name (GET /api/companies?search=), the period, then PDF or CSV.
import { useState } from "react";
import type { Company } from "@contract/schemas/company";
import { INVOICE_MSG } from "@contract/schemas/invoice";
import { Dialog } from "../../../components/ui/dialog";
import { CompanyPicker } from "../../companies-staff";
import { StatementForm } from "../components/statement-form";

export function StatementDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [company, setCompany] = useState<Company | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setCompany(null);
        onOpenChange(o);
      }}
      title="Carrier statement"
      description="Every invoice of one carrier company issued in a period, with a running total."
    >
      <div className="space-y-4">
        <CompanyPicker label="Carrier company" value={company} onChange={setCompany} />
        <StatementForm companyId={company?.id} companyName={company?.name} missingCompany={company ? undefined : INVOICE_MSG.companyRequired} />
      </div>
    </Dialog>
  );
}
