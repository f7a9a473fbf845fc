// users.csv (the Users tab) and carriers.csv (the Carriers tab), registered with
// the exports module by the users module (exports never imports users): the rows of
// GET /api/users and GET /api/users/carrier for the same query, through those
// calls' own service functions (users.service listUsers, listCarriers), a list
// page at a time. These lists are thousands of rows, not hundreds of thousands.
import { LIST_MAX } from "../../../contract/schemas/page";
import { carrierListQuerySchema, userListQuerySchema, type CarrierListQuery, type CarrierSummary, type UserListQuery, type UserWithStats } from "../../../contract/schemas/user";
import { COMPLIANCE_LABELS, type ComplianceStatus } from "../../../contract/schemas/company";
import { listCarriers, listUsers } from "./users.service";
import type { ExportColumn } from "../exports/csv-format";
import { parseListQuery, type ExportDefinition } from "../exports/export-definition";
import { pagedBatches, type ExportRange } from "../exports/exports.repository";

/** The compliance badge's words; empty without a company record. */
const complianceWords = (status: ComplianceStatus | null) => (status ? COMPLIANCE_LABELS[status] : null);

/** The Users tab's role badge: an isAdmin account shows as admin. */
const roleWord = (u: UserWithStats) => {
  const role = u.isAdmin && u.role !== "admin" ? "admin" : u.role;
  return role.charAt(0).toUpperCase() + role.slice(1);
};

const USER_COLUMNS: ExportColumn<UserWithStats>[] = [
  { header: "Name", kind: "text", value: (u) => u.name },
  { header: "Carrier Company", kind: "text", value: (u) => u.carrierName },
  { header: "Compliance", kind: "text", value: (u) => complianceWords(u.compliance) },
  { header: "Contact Number", kind: "text", value: (u) => u.contactNumber },
  { header: "Email", kind: "text", value: (u) => u.email },
  { header: "Role", kind: "text", value: roleWord },
  // the tab's "Pending approval" badge
  { header: "Approved", kind: "yesno", value: (u) => u.isApproved },
  { header: "Loads Accepted", kind: "int", value: (u) => u.loadsAccepted },
  { header: "Total Earnings (£)", kind: "money", value: (u) => u.totalEarnings },
  // empty where the tab says "Never"
  { header: "Last Login", kind: "datetime", value: (u) => u.lastLoginAt },
  { header: "Joined", kind: "date", value: (u) => u.createdAt },
];

const CARRIER_COLUMNS: ExportColumn<CarrierSummary>[] = [
  { header: "Carrier Company", kind: "text", value: (c) => c.carrierName },
  { header: "Compliance", kind: "text", value: (c) => complianceWords(c.compliance) },
  { header: "Contacts", kind: "text", value: (c) => c.contacts.map((p) => p.name).join("; ") },
  { header: "Emails", kind: "text", value: (c) => c.contacts.map((p) => p.email).join("; ") },
  // the tab's "+N more"
  { header: "More Contacts", kind: "int", value: (c) => c.moreContacts },
  { header: "Accepted Loads", kind: "int", value: (c) => c.acceptedLoads },
  { header: "Total Earnings (£)", kind: "money", value: (c) => c.totalEarnings },
  { header: "Last Activity", kind: "datetime", value: (c) => c.lastActivity },
  { header: "Joined", kind: "date", value: (c) => c.joinedAt },
];

/** A whole list page (LIST_MAX) a read: most of these lists are one read, so one snapshot. */
const shortListRange = (range: ExportRange): ExportRange => ({ ...range, batchRows: Math.max(range.batchRows, LIST_MAX) });

export const usersExport: ExportDefinition<UserListQuery, UserWithStats> = {
  kind: "users",
  parseQuery: parseListQuery(userListQuerySchema),
  columns: USER_COLUMNS,
  async *batches({ ctx, query, range }) {
    yield* pagedBatches(async (page) => (await listUsers(ctx, { ...query, ...page })).rows, shortListRange(range));
  },
};

export const carriersExport: ExportDefinition<CarrierListQuery, CarrierSummary> = {
  kind: "carriers",
  parseQuery: parseListQuery(carrierListQuerySchema),
  columns: CARRIER_COLUMNS,
  async *batches({ ctx, query, range }) {
    yield* pagedBatches(async (page) => (await listCarriers(ctx, { ...query, ...page })).rows, shortListRange(range));
  },
};
