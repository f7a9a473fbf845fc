// Carriers tab: one row per company, at most two contacts and "+N more",
// accepted loads, earnings, last activity and earliest join date, as the server
// groups them. Paged, sorted and searched by the server, with the total shown.
// Each company's compliance in words, and its name opens the company dialog.
import { useState } from "react";
import { formatAdminDateTime, formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { USER_LIST_PAGE, listPageUrl, useCarriersPage } from "../api/user-lists";
import { CARRIERS_KEY } from "../api/queries";
import { ExportButton } from "../../../components/export-button";
import { CELL, EmptyRow, FIRST_CELL, ListError, SkeletonRows } from "../../../components/table-states";
import { SortableTableShell, TablePager, TableSearch, countOf, usePagedTable, type Column } from "../../../components/table-pager";
import { EMAIL_CELL, EmailText } from "./users-tab";
import { CompanyDialog, ComplianceBadge, type CompanyTarget } from "../../companies-staff";
import { CarrierScores } from "../../scorecards";
import { Later } from "../../../lib/lazy";

const HEADERS: Column[] = [
  { label: "Carrier Company", sortKey: "carrierName" },
  { label: "Contacts" },
  { label: "Emails" },
  { label: "Accepted Loads", className: "text-right", sortKey: "acceptedLoads", firstDesc: true },
  { label: "Total Earnings", className: "text-right", sortKey: "totalEarnings", firstDesc: true },
  { label: "Last Activity", sortKey: "lastActivity", firstDesc: true },
  { label: "Joined", sortKey: "joinedAt", firstDesc: true },
];

type CarriersView = "contacts" | "scores";
const VIEWS: { value: CarriersView; label: string }[] = [
  { value: "contacts", label: "Contacts and earnings" },
  { value: "scores", label: "On time and POD" },
];

/** Two views of the carriers: contacts and earnings (by name), or on-time delivery and hours to POD (by company, features/scorecards). */
export function CarriersTab() {
  const [view, setView] = useState<CarriersView>("contacts");
  const [company, setCompany] = useState<CompanyTarget | null>(null);
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show</legend>
        {VIEWS.map((v) => (
          <label key={v.value} className={cn("inline-flex min-h-9 cursor-pointer items-center rounded-md border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600", view === v.value ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50")}>
            <input type="radio" name="carriers-view" value={v.value} checked={view === v.value} onChange={() => setView(v.value)} className="sr-only" />
            {v.label}
          </label>
        ))}
      </fieldset>
      {view === "scores" ? (
        <Later>
          <CarrierScores onOpenCompany={setCompany} />
        </Later>
      ) : (
        <CarrierContacts />
      )}
      <CompanyDialog target={company} onOpenChange={(o) => !o && setCompany(null)} />
    </div>
  );
}

function CarrierContacts() {
  // no column chosen: the server's order (newest company first, "Unknown Carrier" last)
  const table = usePagedTable({ pageSize: USER_LIST_PAGE });
  const carriers = useCarriersPage(table.params);
  const rows = carriers.data?.rows;
  const [company, setCompany] = useState<CompanyTarget | null>(null);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <TableSearch label="Search carriers" placeholder="Search company, contact or email" value={table.search} onChange={table.setSearch} />
        <p className="tabular text-sm text-slate-600" aria-live="polite">
          {carriers.data ? countOf(carriers.data.total, "carrier", "carriers") : " "}
        </p>
        <ExportButton kind="carriers" listUrl={listPageUrl(CARRIERS_KEY[0], table.params)} what="carriers" className="ml-auto" />
      </div>
      {carriers.error && !carriers.data ? (
        <ListError what="carriers" onRetry={() => void carriers.refetch()} />
      ) : (
        <SortableTableShell caption="Carriers" columns={HEADERS} sort={table.sort} onSort={table.toggleSort} dense>
          {carriers.isLoading ? (
            <SkeletonRows cols={HEADERS.length} />
          ) : !rows?.length ? (
            <EmptyRow cols={HEADERS.length} text={table.params.search ? "No carriers match the search." : "No carriers found in the system."} />
          ) : (
            rows.map((c) => {
              const more = c.moreContacts > 0 ? <span className="block text-xs text-slate-600">+{c.moreContacts} more</span> : null;
              return (
                <tr key={c.carrierName} className="group border-t border-slate-100 align-top hover:bg-slate-50">
                  <td className={cn(CELL, FIRST_CELL, "font-medium text-slate-900 [overflow-wrap:anywhere]")}>
                    {/* a name known only from bookings has no company record to open */}
                    {c.companyId ? (
                      <button
                        type="button"
                        className="min-h-8 text-left font-medium text-brand-700 underline-offset-2 hover:underline"
                        onClick={() => setCompany({ id: c.companyId!, name: c.carrierName })}
                        aria-label={`${c.carrierName}: open company`}
                      >
                        {c.carrierName}
                      </button>
                    ) : (
                      c.carrierName
                    )}
                    {c.compliance && (
                      <span className="mt-1 block">
                        <ComplianceBadge status={c.compliance} wrap />
                      </span>
                    )}
                  </td>
                  <td className={CELL}>
                    {c.contacts.length ? c.contacts.map((p) => <span key={p.email} className="block">{p.name}</span>) : "—"}
                    {more}
                  </td>
                  <td className={cn(CELL, EMAIL_CELL)}>
                    {c.contacts.length
                      ? c.contacts.map((p) => (
                          <a key={p.email} href={`mailto:${p.email}`} className="block text-brand-700 underline-offset-2 hover:underline">
                            <EmailText email={p.email} />
                          </a>
                        ))
                      : "—"}
                    {more}
                  </td>
                  <td className={cn(CELL, "tabular text-right")}>{formatNumber(c.acceptedLoads)}</td>
                  <td className={cn(CELL, "tabular whitespace-nowrap text-right")}>{formatMoney(c.totalEarnings)}</td>
                  <td className={cn(CELL, "tabular whitespace-nowrap")}>{formatAdminDateTime(c.lastActivity)}</td>
                  <td className={cn(CELL, "tabular whitespace-nowrap")}>{formatDate(c.joinedAt)}</td>
                </tr>
              );
            })
          )}
        </SortableTableShell>
      )}
      {carriers.data && (
        <TablePager label="Carriers pages" total={carriers.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />
      )}
      <CompanyDialog target={company} onOpenChange={(o) => !o && setCompany(null)} />
    </div>
  );
}
