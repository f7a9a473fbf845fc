// The data model: the spec's tables, plus the tables the contract needs to keep
// every process stateless (sessions, throttles, schedule claim, upload tickets)
// and the audit trail of load events. One file an
// area; this index is what `import … from "db/schema"`, drizzle-kit and the
// database handle (client.ts) read, so every table must be exported from here.
export * from "./users";
export * from "./companies";
export * from "./company-documents";
export * from "./loads";
export * from "./bids";
export * from "./jobs";
export * from "./mail";
export * from "./process-state";
export * from "./uploads";
export * from "./notifications";
export * from "./saved-searches";
export * from "./counters";
export * from "./invoices";
export * from "./integrations";
export * from "./events";
export * from "./claims";
export * from "./messages";
export * from "./trucks";
export * from "./scorecards";
