// The staff Carriers tab's "On time and POD" view: carrier companies with their on-time
// delivery and median hours to POD over the last 90 days (GET /api/companies, whose
// items carry both from each company's scorecard), sorted by the server on either (the
// companies with no figure yet last, either way), searched and paged like the other
// tabs. A company's name opens its record (the tab's company dialog), scorecard included.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Company } from "@contract/schemas/company";
import { COMPLIANCE_LABELS } from "@contract/schemas/company";
import { getWithEtag } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { pageQuery, type PageParams } from "../../../lib/page-query";
import { CELL, EmptyRow, FIRST_CELL, ListError, SkeletonRows } from "../../../components/table-states";
import { SortableTableShell, TablePager, TableSearch, countOf, usePagedTable, type Column } from "../../../components/table-pager";
import { formatHours, formatPercent } from "../scorecard-format";

const PAGE = 50;

/** A company as GET /api/companies lists it for staff: its items carry the scorecard's two figures. */
type CompanyWithScores = Company;

const COLUMNS: Column[] = [
  { label: "Carrier Company", sortKey: "name" },
  { label: "Compliance", sortKey: "compliance" },
  { label: "Members", className: "text-right", sortKey: "memberCount", firstDesc: true },
  // best first on the first click: the most on time, the quickest POD
  { label: "On-time Delivery", className: "text-right", sortKey: "onTimeDelivery", firstDesc: true },
  { label: "POD Hours", className: "text-right", sortKey: "podHours" },
];

function useCompanyScores(p: PageParams) {
  const url = `/api/companies?${pageQuery(p)}`;
  return useQuery({
    queryKey: ["/api/companies", "scores", url],
    queryFn: async () => {
      const { data, total } = await getWithEtag<CompanyWithScores[]>(url);
      return { rows: data, total: total ?? data.length };
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function CarrierScores({ onOpenCompany }: { onOpenCompany: (c: { id: string; name: string }) => void }) {
  const table = usePagedTable({ pageSize: PAGE, sort: { key: "onTimeDelivery", desc: true } });
  const list = useCompanyScores(table.params);
  const rows = list.data?.rows;
  return (
    <div className="space-y-3" data-testid="carrier-scores">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <TableSearch label="Search carrier companies" placeholder="Search company" value={table.search} onChange={table.setSearch} />
        <p className="tabular text-sm text-slate-600" aria-live="polite">
          {list.data ? countOf(list.data.total, "company", "companies") : " "}
        </p>
      </div>
      <p className="text-sm text-slate-600">
        The last 90 days: on-time delivery of the deliveries whose arrival or POD date is known, and the median hours from delivery to POD. Companies with no figure yet
        come last.
      </p>
      {list.error && !list.data ? (
        <ListError what="carrier companies" onRetry={() => void list.refetch()} />
      ) : (
        <SortableTableShell caption="Carrier companies: on-time delivery and hours to POD" columns={COLUMNS} sort={table.sort} onSort={table.toggleSort} dense>
          {list.isLoading ? (
            <SkeletonRows cols={COLUMNS.length} />
          ) : !rows?.length ? (
            <EmptyRow cols={COLUMNS.length} text={table.params.search ? "No carrier companies match the search." : "No carrier companies yet."} />
          ) : (
            rows.map((c) => (
              <tr key={c.id} className="group border-t border-slate-100 align-top hover:bg-slate-50" data-testid="carrier-score-row">
                <td className={cn(CELL, FIRST_CELL, "font-medium [overflow-wrap:anywhere]")}>
                  <button
                    type="button"
                    className="min-h-8 text-left font-medium text-brand-700 underline-offset-2 hover:underline"
                    onClick={() => onOpenCompany({ id: c.id, name: c.name })}
                    aria-label={`${c.name}: open company`}
                  >
                    {c.name}
                  </button>
                </td>
                <td className={CELL}>{COMPLIANCE_LABELS[c.compliance]}</td>
                <td className={cn(CELL, "tabular text-right")}>{formatNumber(c.memberCount)}</td>
                <td className={cn(CELL, "tabular whitespace-nowrap text-right")}>{formatPercent(c.onTimeDeliveryRate)}</td>
                <td className={cn(CELL, "tabular whitespace-nowrap text-right")}>{formatHours(c.podHoursMedian)}</td>
              </tr>
            ))
          )}
        </SortableTableShell>
      )}
      {list.data && <TablePager label="Carrier companies pages" total={list.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />}
    </div>
  );
}
