// The integrations feature's public face: the admin dashboard's Integrations tab
// (API tokens, webhooks) and the CSV load import beside Add New Load.
export { IntegrationsTab } from "./integrations-tab";
export { ImportLoadsDialog } from "./import/import-loads-dialog";
