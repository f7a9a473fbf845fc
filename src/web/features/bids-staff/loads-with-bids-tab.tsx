// Admin "Loads with Bids" tab: available loads with pending bids; lowest
// pending bid and bid count; View Bids and Edit Load; an empty state. The admin
// dashboard mounts it. GET /api/loads/with-bids pages, sorts and searches every
// such load on the server (no list silently truncates), every 12 s
// (the admin bids interval); the rows are the one bids table's.
import { useState } from "react";
import { ArrowRight, Gavel, Pencil } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import type { LoadWithPendingBids } from "@contract/schemas/bid";
import { Button } from "../../components/ui/button";
import { formatCardDateTime, formatMoney, formatNumber } from "../../lib/format";
import { TablePager, TableSearch, countOf, usePagedTable, type SortState } from "../../components/table-pager";
import { LOADS_WITH_BIDS_PAGE_SIZE, loadsWithBidsUrl, useLoadsWithBids } from "./loads-with-bids-query";
import { ExportButton } from "../../components/export-button";
import { BidsTable, type BidsListTexts, type BidsTableColumn } from "./bids-table";
import { ManageBidsDialog } from "./manage-bids-dialog";

export interface LoadsWithBidsTabProps {
  /** open the admin's edit-load dialog for this load */
  onEditLoad: (load: Load) => void;
}

const TEXTS: BidsListTexts = {
  loading: "Loading loads with bids...",
  error: "The loads with bids could not be loaded.",
  emptyTitle: "No loads with pending bids found.",
  emptyText: "When carriers bid on available loads, those loads appear here.",
};

/** Loads per page of the tab. */
const PAGE_SIZE = LOADS_WITH_BIDS_PAGE_SIZE;
/** contract: loads come newest pickup first (the tab count reads the same first page, so both share one poll) */
const FIRST_SORT: SortState = { key: "pickupDate", desc: true };

function Route({ load }: { load: Load }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {load.pickupCity}
      <ArrowRight className="h-3.5 w-3.5 text-slate-500" aria-label="to" role="img" />
      {load.deliveryCity}
    </span>
  );
}

export function LoadsWithBidsTab({ onEditLoad }: LoadsWithBidsTabProps) {
  const table = usePagedTable({ pageSize: PAGE_SIZE, sort: FIRST_SORT });
  const query = useLoadsWithBids(table.params);
  const [manage, setManage] = useState<{ load: Load; open: boolean } | null>(null);
  const rows = query.data?.rows ?? [];
  const refetching = !query.isLoading && query.isFetching;

  const buttons = (load: Load, phone = false) => (
    <div className={phone ? "mt-3 grid grid-cols-2 gap-2" : "flex justify-end gap-2"}>
      <Button size={phone ? "md" : "sm"} onClick={() => setManage({ load, open: true })} aria-label={`View bids on load ${load.loadNumber}`}>
        {!phone && <Gavel className="h-4 w-4" aria-hidden="true" />}
        View Bids
      </Button>
      <Button size={phone ? "md" : "sm"} variant="outline" onClick={() => onEditLoad(load)} aria-label={`Edit load ${load.loadNumber}`}>
        {!phone && <Pencil className="h-4 w-4" aria-hidden="true" />}
        Edit Load
      </Button>
    </div>
  );

  const columns: BidsTableColumn<LoadWithPendingBids>[] = [
    { label: "Load", cellClassName: "font-medium whitespace-nowrap text-slate-900", cell: ({ load }) => `#${load.loadNumber}` },
    { label: "Route", cellClassName: "text-slate-800", cell: ({ load }) => <Route load={load} /> },
    { label: "Pickup", sortKey: "pickupDate", firstDesc: true, cellClassName: "whitespace-nowrap text-slate-700", cell: ({ load }) => formatCardDateTime(load.pickupDate) },
    { label: "Listed Price", sortKey: "price", className: "text-right", cellClassName: "tabular text-right text-slate-900", cell: ({ load }) => formatMoney(load.price) },
    { label: "Lowest Bid", className: "text-right", cellClassName: "tabular text-right font-semibold text-purple-800", cell: (r) => formatMoney(r.lowestBid) },
    { label: "Bids", className: "text-right", cellClassName: "tabular text-right", cell: (r) => formatNumber(r.bidCount) },
    { label: "Actions", className: "text-right", cell: ({ load }) => buttons(load) },
  ];

  return (
    <section aria-labelledby="loads-with-bids-heading" className="space-y-3">
      <div className="flex min-h-6 items-center justify-between gap-3">
        <h2 id="loads-with-bids-heading" className="text-lg font-semibold text-slate-900">
          Loads with Bids
        </h2>
        <span className={refetching ? "text-sm text-slate-600" : "invisible text-sm"} aria-hidden={!refetching}>
          Updating data...
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <TableSearch label="Search loads with bids" placeholder="Load number or city" value={table.search} onChange={table.setSearch} />
        <p className="tabular text-sm text-slate-600" aria-live="polite">
          {query.data ? countOf(query.data.total, "load", "loads") : " "}
        </p>
        {/* one row a pending bid on these loads (the bids.csv export) */}
        <ExportButton kind="bids" listUrl={loadsWithBidsUrl(table.params)} what="bids" className="ml-auto" />
      </div>

      <BidsTable
        query={query}
        texts={{ ...TEXTS, emptyText: table.params.search ? "Clear the search to see every load with bids." : TEXTS.emptyText }}
        caption="Available loads with pending bids"
        rows={rows}
        rowKey={(r) => r.load.id}
        testId="load-with-bids"
        rowData={(r) => ({ "data-load-id": r.load.id })}
        columns={columns}
        sort={table.sort}
        onSort={table.toggleSort}
        card={({ load, lowestBid, bidCount }) => (
          <>
            <p className="font-semibold text-slate-900">#{load.loadNumber}</p>
            <p className="mt-1 text-slate-800">
              <Route load={load} />
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-600">Listed</dt>
                <dd className="tabular">{formatMoney(load.price)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Lowest bid</dt>
                <dd className="tabular font-semibold text-purple-800">{formatMoney(lowestBid)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Bids</dt>
                <dd className="tabular">{formatNumber(bidCount)}</dd>
              </div>
            </dl>
            {buttons(load, true)}
          </>
        )}
      />
      {query.data && (
        <TablePager label="Loads with bids pages" total={query.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />
      )}

      <ManageBidsDialog
        load={manage?.load ?? null}
        open={!!manage?.open}
        onOpenChange={(open) => setManage((m) => (m ? { ...m, open } : m))}
      />
    </section>
  );
}
