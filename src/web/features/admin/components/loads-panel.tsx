// One load tab of the admin dashboard (All Loads, Accepted, Approved, Completed):
// its filters, search and export, the dense table of its columns and the pager.
// The server pages, sorts and searches every load; the order and the search stay
// put across tabs and reloads, like the filters (ui.md).
import { useEffect } from "react";
import type { LoadStatus } from "@contract/constants";
import { DEFAULT_LOAD_SORT, LOAD_SORTS, type LoadSort } from "@contract/schemas/load";
import { ExportButton } from "../../../components/export-button";
import { TablePager, usePagedTable } from "../../../components/table-pager";
import { sortStateOf } from "../../../lib/page-query";
import { ADMIN_PAGE, EMPTY_FILTERS, loadsUrl, useAdminLoads, type AdminLoadFilters } from "../api/queries";
import { LoadFilters, useCarrierOptions } from "./load-filters";
import { LoadsTable, type LoadColumn } from "./loads-table";
import type { LoadActionHandlers, LoadTab } from "./load-actions-menu";

const TAB_CONFIG: Record<LoadTab, { statuses?: LoadStatus[]; columns: LoadColumn[]; empty: string; caption: string; exportWhat: string }> = {
  all: {
    exportWhat: "loads",
    columns: ["loadNumber", "po", "cargo", "route", "price", "fors", "status", "pod", "pickup", "acceptedBy", "created", "actions"],
    empty: "No loads match the current filters.",
    caption: "All loads",
  },
  accepted: {
    statuses: ["accepted"],
    columns: ["loadNumber", "route", "price", "acceptedBy", "acceptedAt", "pickup", "pod", "status", "actions"],
    empty: "No accepted loads found matching the current filters.",
    caption: "Accepted loads waiting for approval",
    exportWhat: "accepted loads",
  },
  approved: {
    statuses: ["approved"],
    columns: ["loadNumber", "po", "route", "price", "acceptedBy", "pickup", "status", "actions"],
    empty: "No approved loads found matching the current filters.",
    caption: "Approved loads",
    exportWhat: "approved loads",
  },
  completed: {
    statuses: ["completed"],
    columns: ["loadNumber", "po", "route", "price", "acceptedBy", "pickup", "completedAt", "pod", "actions"],
    empty: "No completed loads found matching the current filters.",
    caption: "Completed loads",
    exportWhat: "completed loads",
  },
};

export function LoadsPanel({
  tab,
  filters,
  onFilters,
  handlers,
}: {
  tab: LoadTab;
  filters: AdminLoadFilters;
  onFilters: (f: AdminLoadFilters) => void;
  handlers: LoadActionHandlers;
}) {
  const cfg = TAB_CONFIG[tab];
  // the server pages, sorts and searches every load; a page of 50 at a time
  const table = usePagedTable({ pageSize: ADMIN_PAGE, sort: sortStateOf(filters.sort), search: filters.search });
  const sort = (table.params.sort ?? DEFAULT_LOAD_SORT) as LoadSort;
  const search = table.params.search ?? "";
  // the order and the search stay put across tabs and reloads, like the filters (ui.md)
  useEffect(() => {
    if (sort !== filters.sort || search !== filters.search) onFilters({ ...filters, sort, search });
    // only a new order or search is written back, so the filters are not a dependency
  }, [sort, search]);
  // the tab's own status is fixed; All Loads sends the chosen statuses
  const listFilters = { ...filters, statuses: cfg.statuses ?? filters.statuses, sort, search };
  const query = useAdminLoads(listFilters, table.params);
  const carrierOptions = useCarrierOptions(query.data?.loads, filters.carriers);
  return (
    <div className="space-y-3">
      <LoadFilters
        filters={filters}
        onChange={(f) => {
          onFilters(f);
          table.setOffset(0);
        }}
        showStatus={tab === "all"}
        carrierOptions={carrierOptions}
        search={table.search}
        onSearch={table.setSearch}
        total={query.data?.total}
        // the export of exactly this list (its filters, search and order), every page
        actions={<ExportButton kind="loads" listUrl={loadsUrl(listFilters, table.params)} what={cfg.exportWhat} />}
      />
      <LoadsTable
        caption={cfg.caption}
        loads={query.data?.loads}
        columns={cfg.columns}
        tab={tab}
        handlers={handlers}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={cfg.empty}
        sort={table.sort}
        onSort={table.toggleSort}
      />
      {query.data && (
        <TablePager label={`${cfg.caption}: pages`} total={query.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />
      )}
    </div>
  );
}

/** Filters kept by an older version of the page lack the search and the order; an order the server no longer knows is dropped. */
export function storedFilters(f: Partial<AdminLoadFilters> | undefined): AdminLoadFilters {
  const merged = { ...EMPTY_FILTERS, ...f };
  return LOAD_SORTS.includes(merged.sort) ? merged : { ...merged, sort: DEFAULT_LOAD_SORT };
}
