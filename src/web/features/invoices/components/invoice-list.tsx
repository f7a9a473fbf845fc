// A page of invoices: cards on a phone, the table at a desk (ui.md). One layout at
// a time, so a screen reader meets each invoice once.
import { InvoiceCards } from "./invoice-cards";
import { InvoiceTable, type InvoiceListProps } from "./invoice-table";

export function InvoiceList(props: InvoiceListProps) {
  return (
    <>
      <div className="md:hidden">
        <InvoiceCards {...props} />
      </div>
      <div className="hidden md:block">
        <InvoiceTable {...props} />
      </div>
    </>
  );
}
