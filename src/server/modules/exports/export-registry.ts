// Every CSV export as one entry: the query it takes (its tab's list call's own),
// its columns (headers in the screen's words, spec §2 tables) and its rows (the
// list call's own filters and order, read in batches). Adding an export — the
// invoices one, once invoices exist — is one more entry here and its name in
// contract/schemas/export.ts; the route, the CSV rules and the streaming are shared.
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { parse } from "../../lib/validate";
import { LIST_MAX, type PageQuery } from "../../../contract/schemas/page";
import type { Load } from "../../../contract/schemas/load";
import { carrierListQuerySchema, userListQuerySchema, type CarrierListQuery, type CarrierSummary, type UserListQuery, type UserWithStats } from "../../../contract/schemas/user";
import type { ExportKind } from "../../../contract/schemas/export";
import { COMPLIANCE_LABELS, type ComplianceStatus } from "../../../contract/schemas/company";
import { podStatus } from "../../../contract/schemas/pod";
import { loadStatusLabel } from "../../../contract/status-labels";
import { money } from "../../lib/serialize";
import { loadBatches, loadListWhere, readLoadListQuery, type LoadListQuery } from "../loads/load-list-reader";
import { toLoad } from "../loads/load-visibility";
import { listCarriers, listUsers } from "../users/users.service";
import type { ExportColumn } from "./csv-format";
import { pagedBatches, pendingBidsOfLoads, type ExportRange } from "./exports.repository";

export interface ExportRun<Q> {
  ctx: AppContext;
  viewer: UserRow;
  query: Q;
  /** the instant the export was asked for: expiry and the file's date */
  now: Date;
  range: ExportRange;
}

export interface ParsedQuery<Q> {
  query: Q;
  /** the list call's paging when the caller sent one; none: every row */
  page: PageQuery;
}

export interface ExportDefinition<Q, Row> {
  kind: ExportKind;
  /** the list call's query, checked as that call checks it (400 for what it would refuse) */
  parseQuery(ctx: AppContext, raw: unknown, now: Date): Promise<ParsedQuery<Q>>;
  columns: ExportColumn<Row>[];
  /** the rows the list call would answer with, every page, in its order */
  batches(run: ExportRun<Q>): AsyncGenerator<Row[]>;
}

/** Rows per database read: a list call's own page at most, so a batch costs what a page does. */
export const EXPORT_BATCH_ROWS = 500;

// ---------------------------------------------------------------- loads

/** The admin load tables' columns (All Loads, Accepted, Approved, Completed), a column per part of a cell. */
const LOAD_COLUMNS: ExportColumn<Load>[] = [
  { header: "Load Number", kind: "text", value: (l) => l.loadNumber },
  { header: "PO Number", kind: "text", value: (l) => l.mandataNumber },
  // an expired load is still "available" but off the board (contract expiry): the badge says Expired
  { header: "Status", kind: "text", value: (l) => loadStatusLabel(l.expired ? "expired" : l.status) },
  { header: "Urgent", kind: "yesno", value: (l) => l.isUrgent },
  { header: "Cargo", kind: "text", value: (l) => l.cargoType },
  { header: "Equipment", kind: "text", value: (l) => l.equipmentType },
  { header: "Pickup City", kind: "text", value: (l) => l.pickupCity },
  { header: "Pickup County", kind: "text", value: (l) => l.pickupState },
  { header: "Pickup Postcode", kind: "text", value: (l) => l.pickupZip },
  { header: "Pickup Date", kind: "datetime", value: (l) => l.pickupDate },
  { header: "Delivery City", kind: "text", value: (l) => l.deliveryCity },
  { header: "Delivery County", kind: "text", value: (l) => l.deliveryState },
  { header: "Delivery Postcode", kind: "text", value: (l) => l.deliveryZip },
  { header: "Delivery Date", kind: "datetime", value: (l) => l.deliveryDate },
  { header: "Weight (kg)", kind: "int", value: (l) => l.weight },
  { header: "Distance (miles)", kind: "int", value: (l) => l.distance },
  { header: "Price (£)", kind: "money", value: (l) => l.price },
  { header: "Rate per Mile (£)", kind: "money", value: (l) => l.ratePerMile },
  // spec §3: "None Required" is stored as ""
  { header: "FORS", kind: "text", value: (l) => l.forsRequirement || "None Required" },
  // spec §2: POD status only for accepted or completed loads
  { header: "POD Status", kind: "text", value: (l) => (l.status === "accepted" || l.status === "completed" ? podStatus(l) : null) },
  { header: "Accepted By", kind: "text", value: (l) => l.acceptedByCarrier },
  { header: "Accepted", kind: "datetime", value: (l) => l.acceptedAt },
  { header: "Completed", kind: "datetime", value: (l) => l.completedAt },
  { header: "Created", kind: "datetime", value: (l) => l.createdAt },
];

/** GET /api/loads's query, exactly as that call reads it (near filters included). */
const parseLoadsQuery = (ctx: AppContext, raw: unknown, now: Date): Promise<ParsedQuery<LoadListQuery>> => readLoadListQuery(raw, now, ctx.config);

/** A short list's query: the list call's schema, its paging apart. */
const parseListQuery =
  <S extends z.ZodType<PageQuery>>(schema: S) =>
  async (_ctx: AppContext, raw: unknown): Promise<ParsedQuery<z.output<S>>> => {
    const query = parse(schema, raw);
    return { query, page: { limit: query.limit, offset: query.offset } };
  };

const loadsExport: ExportDefinition<LoadListQuery, Load> = {
  kind: "loads",
  parseQuery: parseLoadsQuery,
  columns: LOAD_COLUMNS,
  async *batches({ ctx, viewer, query, range }) {
    // as GET /api/loads for this viewer (staff: every load, cancelled included)
    const where = loadListWhere(viewer, query, "board");
    for await (const rows of loadBatches(ctx.db, where, query.sort, range)) yield rows.map((r) => toLoad(r, viewer, query.today));
  },
};

// ---------------------------------------------------------------- bids

/** One row per pending bid on the loads the Loads with Bids tab lists: the tab's columns, then the bid's (as View Bids shows it). */
export interface BidExportRow {
  load: Load;
  bidCount: number;
  lowestBid: number;
  bidAmount: number;
  carrierName: string;
  carrierCompany: string | null;
  notes: string | null;
  placedAt: Date;
}

const BID_COLUMNS: ExportColumn<BidExportRow>[] = [
  { header: "Load", kind: "text", value: (r) => r.load.loadNumber },
  { header: "Pickup City", kind: "text", value: (r) => r.load.pickupCity },
  { header: "Delivery City", kind: "text", value: (r) => r.load.deliveryCity },
  { header: "Pickup", kind: "datetime", value: (r) => r.load.pickupDate },
  { header: "Listed Price (£)", kind: "money", value: (r) => r.load.price },
  { header: "Lowest Bid (£)", kind: "money", value: (r) => r.lowestBid },
  { header: "Bids", kind: "int", value: (r) => r.bidCount },
  { header: "Bid Amount (£)", kind: "money", value: (r) => r.bidAmount },
  { header: "Carrier", kind: "text", value: (r) => r.carrierName },
  { header: "Carrier Company", kind: "text", value: (r) => r.carrierCompany },
  { header: "Notes", kind: "text", value: (r) => r.notes },
  { header: "Placed", kind: "datetime", value: (r) => r.placedAt },
];

const bidsExport: ExportDefinition<LoadListQuery, BidExportRow> = {
  kind: "bids",
  parseQuery: parseLoadsQuery,
  columns: BID_COLUMNS,
  async *batches({ ctx, viewer, query, range }) {
    // GET /api/loads/with-bids: the status is the tab's own (available with pending bids), every other filter applies
    const where = loadListWhere(viewer, query, "withPendingBids");
    for await (const rows of loadBatches(ctx.db, where, query.sort, range)) {
      const pending = await pendingBidsOfLoads(
        ctx.db,
        rows.map((r) => r.id),
      );
      const byLoad = new Map<string, typeof pending>();
      for (const b of pending) byLoad.set(b.bid.loadId, [...(byLoad.get(b.bid.loadId) ?? []), b]);
      const out: BidExportRow[] = [];
      for (const row of rows) {
        const list = byLoad.get(row.id);
        // its last pending bid was settled between the two reads: no longer on the tab
        if (!list?.length) continue;
        const load = toLoad(row, viewer, query.today);
        const lowestBid = money(list[0].bid.bidAmount) ?? 0;
        for (const b of list) {
          out.push({
            load,
            bidCount: list.length,
            lowestBid,
            bidAmount: money(b.bid.bidAmount) ?? 0,
            carrierName: b.carrierName,
            carrierCompany: b.carrierCompany,
            notes: b.bid.notes,
            placedAt: b.bid.createdAt,
          });
        }
      }
      if (out.length) yield out;
    }
  },
};

// ---------------------------------------------------------------- users and carriers

/** The compliance badge's words (issue 17); empty without a company record. */
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

/** The short lists are read a whole list page (LIST_MAX) at a time: most companies' lists are one read, one snapshot. */
const shortListRange = (range: ExportRange): ExportRange => ({ ...range, batchRows: Math.max(range.batchRows, LIST_MAX) });

const usersExport: ExportDefinition<UserListQuery, UserWithStats> = {
  kind: "users",
  parseQuery: parseListQuery(userListQuerySchema),
  columns: USER_COLUMNS,
  async *batches({ ctx, query, range }) {
    yield* pagedBatches(async (page) => (await listUsers(ctx, { ...query, ...page })).rows, shortListRange(range));
  },
};

const carriersExport: ExportDefinition<CarrierListQuery, CarrierSummary> = {
  kind: "carriers",
  parseQuery: parseListQuery(carrierListQuerySchema),
  columns: CARRIER_COLUMNS,
  async *batches({ ctx, query, range }) {
    yield* pagedBatches(async (page) => (await listCarriers(ctx, { ...query, ...page })).rows, shortListRange(range));
  },
};

// each entry has its own query and row types
export const EXPORTS: Readonly<Record<ExportKind, ExportDefinition<any, any>>> = {
  loads: loadsExport,
  users: usersExport,
  carriers: carriersExport,
  bids: bidsExport,
};
