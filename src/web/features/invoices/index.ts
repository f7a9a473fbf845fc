// The invoices feature's public face: the admin dashboard's Invoices tab and its count.
export { InvoicesTab, useOverdueInvoiceCount } from "./staff/invoices-tab";
