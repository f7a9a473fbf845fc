// The invoices feature's public face: the admin dashboard's Invoices tab and its
// count, and the check at start that the network's invoice details are filled in.
export { InvoicesTab, useOverdueInvoiceCount } from "./staff/invoices-tab";
export { InvoiceSettingsCheck, useMissingInvoiceDetails } from "./staff/invoice-settings-check";
export { InvoiceSettingsDialog } from "./staff/invoice-settings-dialog";
