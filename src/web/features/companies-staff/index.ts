// The staff side of carrier companies: the admin dashboard's Compliance tab and
// its count, the compliance settings, a company's record (profile, documents,
// members) and the company picker. Only staff screens import this; the board
// never does, so none of it reaches a carrier's first load.
export { ComplianceTab, summaryText } from "./compliance-tab";
export { ComplianceSettingsDialog } from "./compliance-settings-dialog";
export { useComplianceSummary } from "./api";
export { ComplianceBadge } from "./badges";
export { CompanyDialog, type CompanyTarget } from "./company-dialog";
export { CompanyPicker } from "./company-picker";
