// A member's VAT number waiting for staff: self-billing
// means the network pays the VAT it computes, so invoices charge VAT only on a number
// staff confirmed. The staff company dialog shows it with Confirm and Keep.
import { ExternalLink, ReceiptText } from "lucide-react";
import type { Company } from "@contract/schemas/company";
import { Button } from "../../components/ui/button";
import { useDecideVatNumber } from "./api";

/** HMRC's public check of a UK VAT number. */
const HMRC_CHECK = "https://www.tax.service.gov.uk/check-vat-number/enter-vat-details";

export function VatProposal({ company }: { company: Company }) {
  const decide = useDecideVatNumber();
  const proposal = company.proposedVatNumber;
  if (proposal === null) return null;
  const current = company.vatNumber;
  const busy = decide.isPending;
  return (
    <section aria-labelledby="vat-proposal-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <h3 id="vat-proposal-heading" className="flex items-center gap-2 font-semibold">
        <ReceiptText className="h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        VAT number waiting for confirmation
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>Given by a member:</dt>
        <dd className="tabular font-medium">{proposal || "None (remove the VAT number)"}</dd>
        <dt>In force now:</dt>
        <dd className="tabular">{current || "None: invoices charge no VAT"}</dd>
      </dl>
      <p className="mt-2">
        Invoices charge VAT only on a number staff confirm, and the network pays that VAT.{" "}
        {proposal && (
          <a href={HMRC_CHECK} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium underline underline-offset-2">
            Check it with HMRC
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={() => decide.mutate({ company, confirm: false })}>
          Keep {current || "no VAT number"}
        </Button>
        <Button loading={busy && decide.variables?.confirm} disabled={busy} onClick={() => decide.mutate({ company, confirm: true })}>
          {proposal ? `Confirm ${proposal}` : "Confirm removal"}
        </Button>
      </div>
    </section>
  );
}
