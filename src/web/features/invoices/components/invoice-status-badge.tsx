// An invoice's status as a badge: always its word (Issued, Overdue, Paid, Void),
// the colour only repeating it (ui.md "a status is never shown by colour alone").
import type { Invoice } from "@contract/schemas/invoice";
import { Badge } from "../../../components/ui/badge";
import { invoiceStatusTone, invoiceStatusWord } from "../invoice-format";

export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, "status" | "overdue"> }) {
  return <Badge tone={invoiceStatusTone(invoice)}>{invoiceStatusWord(invoice)}</Badge>;
}
