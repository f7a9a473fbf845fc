// loads.csv (the All Loads, Accepted, Approved and Completed tabs) and bids.csv
// (the Loads with Bids tab): the rows of GET /api/loads and GET /api/loads/with-bids
// for the same query, read by the loads module's own reader (its filters, its
// visibility, its order: loads/load-list-reader.ts). The cells are built by the
// database, a batch at a time (see loadCellBatches for why): dates and times as
// UK wall-clock text, money and counts as numbers.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { loads } from "../../db/schema";
import { money } from "../../lib/serialize";
import { podStatus } from "../../../contract/schemas/pod";
import { loadStatusLabel } from "../../../contract/status-labels";
import { UK_TZ } from "../../../contract/wall-clock";
import { loadCellBatches, loadListWhere, readLoadListQuery, type LoadListQuery } from "../loads/load-list-reader";
import { expiredWhere } from "../loads/load-visibility";
import type { AppContext } from "../../context";
import type { ExportColumn } from "./csv-format";
import type { ExportDefinition, ParsedQuery } from "./export-definition";
import { pendingBidsOfLoads } from "./exports.repository";

/** GET /api/loads's query, exactly as that call reads it (near filters included). */
const parseLoadsQuery = (ctx: AppContext, raw: unknown, now: Date): Promise<ParsedQuery<LoadListQuery>> => readLoadListQuery(raw, now, ctx.config);

/** `2026-11-23 09:00`: the UK date and time of a moment, as the admin tables show it (`23/11/2026 09:00`); BST in summer. */
const ukDateTime = (col: AnyPgColumn) => sql`to_char(${col} at time zone ${UK_TZ}, 'YYYY-MM-DD HH24:MI')`;

/** Cells of a load by name, in this order; `today` (UK midnight) decides which available loads have expired. */
const LOAD_CELLS = [
  "loadNumber", "poNumber", "status", "expired", "urgent", "cargo", "equipment",
  "pickupCity", "pickupCounty", "pickupPostcode", "pickupDate",
  "deliveryCity", "deliveryCounty", "deliveryPostcode", "deliveryDate",
  "weight", "distance", "price", "ratePerMile", "fors",
  "pickupSignedBy", "deliverySignedBy", "paperwork", "acceptedBy", "acceptedAt", "completedAt", "createdAt",
] as const;
type LoadCell = (typeof LOAD_CELLS)[number];

function loadCellSql(today: Date): Record<LoadCell, SQL> {
  const col = (c: AnyPgColumn) => sql`${c}`;
  return {
    loadNumber: col(loads.loadNumber),
    poNumber: col(loads.mandataNumber),
    status: col(loads.status),
    // contract expiry, the same rule as the status filter's "expired" (load-visibility.ts)
    expired: sql`(${expiredWhere(today)})`,
    urgent: col(loads.isUrgent),
    cargo: col(loads.cargoType),
    equipment: col(loads.equipmentType),
    pickupCity: col(loads.pickupCity),
    pickupCounty: col(loads.pickupState),
    pickupPostcode: col(loads.pickupZip),
    pickupDate: ukDateTime(loads.pickupDate),
    deliveryCity: col(loads.deliveryCity),
    deliveryCounty: col(loads.deliveryState),
    deliveryPostcode: col(loads.deliveryZip),
    deliveryDate: ukDateTime(loads.deliveryDate),
    weight: col(loads.weight),
    distance: col(loads.distance),
    price: col(loads.price),
    ratePerMile: col(loads.ratePerMile),
    fors: col(loads.forsRequirement),
    pickupSignedBy: col(loads.pickupSignedBy),
    deliverySignedBy: col(loads.deliverySignedBy),
    paperwork: col(loads.signedPaperworkUrl),
    acceptedBy: col(loads.acceptedByCarrier),
    acceptedAt: ukDateTime(loads.acceptedAt),
    completedAt: ukDateTime(loads.completedAt),
    createdAt: ukDateTime(loads.createdAt),
  };
}

type Cells = unknown[];
const AT = Object.fromEntries(LOAD_CELLS.map((name, i) => [name, i])) as Record<LoadCell, number>;
const cell = (name: LoadCell) => (r: Cells) => r[AT[name]] as string | number | boolean | null;
const text = (r: Cells, name: LoadCell) => (r[AT[name]] as string | null) ?? null;

/** The admin load tables' columns, a column per part of a cell (the route: pickup and delivery each in their own). */
const LOAD_COLUMNS: ExportColumn<Cells>[] = [
  { header: "Load Number", kind: "text", value: cell("loadNumber") },
  { header: "PO Number", kind: "text", value: cell("poNumber") },
  // an expired load is still "available" but off the board (contract expiry): the badge says Expired
  { header: "Status", kind: "text", value: (r) => loadStatusLabel(r[AT.expired] ? "expired" : String(r[AT.status])) },
  { header: "Urgent", kind: "yesno", value: cell("urgent") },
  { header: "Cargo", kind: "text", value: cell("cargo") },
  { header: "Equipment", kind: "text", value: cell("equipment") },
  { header: "Pickup City", kind: "text", value: cell("pickupCity") },
  { header: "Pickup County", kind: "text", value: cell("pickupCounty") },
  { header: "Pickup Postcode", kind: "text", value: cell("pickupPostcode") },
  { header: "Pickup Date", kind: "formatted", value: cell("pickupDate") },
  { header: "Delivery City", kind: "text", value: cell("deliveryCity") },
  { header: "Delivery County", kind: "text", value: cell("deliveryCounty") },
  { header: "Delivery Postcode", kind: "text", value: cell("deliveryPostcode") },
  { header: "Delivery Date", kind: "formatted", value: cell("deliveryDate") },
  { header: "Weight (kg)", kind: "int", value: cell("weight") },
  { header: "Distance (miles)", kind: "int", value: cell("distance") },
  { header: "Price (£)", kind: "money", value: cell("price") },
  { header: "Rate per Mile (£)", kind: "money", value: cell("ratePerMile") },
  // "None Required" is stored as ""
  { header: "FORS", kind: "text", value: (r) => text(r, "fors") || "None Required" },
  // POD status only for accepted or completed loads
  {
    header: "POD Status",
    kind: "text",
    value: (r) =>
      r[AT.status] === "accepted" || r[AT.status] === "completed"
        ? podStatus({ pickupSignedBy: text(r, "pickupSignedBy"), deliverySignedBy: text(r, "deliverySignedBy"), signedPaperworkUrl: text(r, "paperwork") })
        : null,
  },
  { header: "Accepted By", kind: "text", value: cell("acceptedBy") },
  { header: "Accepted", kind: "formatted", value: cell("acceptedAt") },
  { header: "Completed", kind: "formatted", value: cell("completedAt") },
  { header: "Created", kind: "formatted", value: cell("createdAt") },
];

export const loadsExport: ExportDefinition<LoadListQuery, Cells> = {
  kind: "loads",
  parseQuery: parseLoadsQuery,
  columns: LOAD_COLUMNS,
  async *batches({ ctx, viewer, query, range }) {
    // as GET /api/loads for this viewer (staff: every load, cancelled included)
    const cells = loadCellSql(query.today);
    yield* loadCellBatches(ctx.db, loadListWhere(viewer, query, "board"), query.sort, range, LOAD_CELLS.map((name) => cells[name]));
  },
};

// ---------------------------------------------------------------- bids

/** One row per pending bid on the loads the Loads with Bids tab lists: the tab's columns, then the bid's (as View Bids shows it). */
export interface BidExportRow {
  loadNumber: string;
  pickupCity: string;
  deliveryCity: string;
  pickupDate: string | null;
  price: number;
  bidCount: number;
  lowestBid: number;
  bidAmount: number;
  carrierName: string;
  carrierCompany: string | null;
  notes: string | null;
  placedAt: Date;
}

const BID_COLUMNS: ExportColumn<BidExportRow>[] = [
  { header: "Load", kind: "text", value: (r) => r.loadNumber },
  { header: "Pickup City", kind: "text", value: (r) => r.pickupCity },
  { header: "Delivery City", kind: "text", value: (r) => r.deliveryCity },
  { header: "Pickup", kind: "formatted", value: (r) => r.pickupDate },
  { header: "Listed Price (£)", kind: "money", value: (r) => r.price },
  { header: "Lowest Bid (£)", kind: "money", value: (r) => r.lowestBid },
  { header: "Bids", kind: "int", value: (r) => r.bidCount },
  { header: "Bid Amount (£)", kind: "money", value: (r) => r.bidAmount },
  { header: "Carrier", kind: "text", value: (r) => r.carrierName },
  { header: "Carrier Company", kind: "text", value: (r) => r.carrierCompany },
  { header: "Notes", kind: "text", value: (r) => r.notes },
  { header: "Placed", kind: "datetime", value: (r) => r.placedAt },
];

const BID_LOAD_CELLS = [sql`${loads.id}::text`, sql`${loads.loadNumber}`, sql`${loads.pickupCity}`, sql`${loads.deliveryCity}`, ukDateTime(loads.pickupDate), sql`${loads.price}`];

export const bidsExport: ExportDefinition<LoadListQuery, BidExportRow> = {
  kind: "bids",
  parseQuery: parseLoadsQuery,
  columns: BID_COLUMNS,
  async *batches({ ctx, viewer, query, range }) {
    // GET /api/loads/with-bids: the status is the tab's own (available with pending bids), every other filter applies
    const where = loadListWhere(viewer, query, "withPendingBids");
    for await (const batch of loadCellBatches(ctx.db, where, query.sort, range, BID_LOAD_CELLS)) {
      const pending = await pendingBidsOfLoads(
        ctx.db,
        batch.map((r) => String(r[0])),
      );
      const byLoad = new Map<string, typeof pending>();
      for (const b of pending) byLoad.set(b.bid.loadId, [...(byLoad.get(b.bid.loadId) ?? []), b]);
      const out: BidExportRow[] = [];
      for (const [id, loadNumber, pickupCity, deliveryCity, pickupDate, price] of batch as [string, string, string, string, string | null, number][]) {
        const list = byLoad.get(id);
        // its last pending bid was settled between the two reads: no longer on the tab
        if (!list?.length) continue;
        const lowestBid = money(list[0].bid.bidAmount) ?? 0;
        for (const b of list) {
          out.push({
            loadNumber,
            pickupCity,
            deliveryCity,
            pickupDate,
            price,
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
