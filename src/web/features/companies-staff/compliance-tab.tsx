// The admin page's Compliance tab (staff see documents waiting for review,
// expiring within 30 days, expired). One list at a time behind a
// segmented switch whose labels carry the counts; each row names the company (opens
// its dialog), the document, its expiry, cover, uploader and file; a document waiting
// for review is verified or rejected (with a reason) in place. Paged by the server.
import { useState } from "react";
import { Tabs } from "radix-ui";
import { documentKindLabel, DOCUMENT_VIEWS, type ComplianceSummary, type DocumentView, type ReviewDocument } from "@contract/schemas/company";
import { formatAdminDateTime, formatMoney, formatNumber } from "../../lib/format";
import { cn } from "../../lib/cn";
import { CELL, EmptyRow, FIRST_CELL, ListError, SkeletonRows } from "../../components/table-states";
import { SortableTableShell, TablePager, usePagedTable, type Column } from "../../components/table-pager";
import { COMPLIANCE_PAGE, useComplianceSummary, useReviewDocuments } from "./api";
import { DocumentStatusBadge } from "./badges";
import { CompanyDialog, type CompanyTarget } from "./company-dialog";
import { DocumentCard, ViewFileLink } from "./document-card";
import { daysUntil, formatDay, relativeExpiry, ukToday } from "./expiry";
import { RejectDocumentDialog, ReviewActions, documentLabel } from "./review-actions";

const VIEW: Record<DocumentView, { label: string; caption: string; empty: string }> = {
  pending: { label: "Waiting for review", caption: "Documents waiting for review", empty: "Nothing waiting for review" },
  expiring: { label: "Expiring within 30 days", caption: "Verified documents expiring within 30 days", empty: "No verified document expires within 30 days" },
  expired: { label: "Expired", caption: "Expired documents", empty: "No expired documents" },
};

const COLUMNS = (view: DocumentView): Column[] => [
  { label: "Company" },
  { label: "Document" },
  { label: "Expires" },
  { label: "Cover", className: "text-right" },
  { label: "Uploaded" },
  { label: "File" },
  view === "pending" ? { label: "Review", className: "text-right" } : { label: "Status" },
];

/** "3 waiting for review, 2 expiring within 30 days, 1 expired": the tab's whole picture in one line. */
export function summaryText(s: ComplianceSummary): string {
  return `${formatNumber(s.pending)} waiting for review, ${formatNumber(s.expiring)} expiring within 30 days, ${formatNumber(s.expired)} expired`;
}

export function ComplianceTab() {
  const [view, setView] = useState<DocumentView>("pending");
  const [company, setCompany] = useState<CompanyTarget | null>(null);
  const summary = useComplianceSummary();
  return (
    <div className="space-y-3">
      <Tabs.Root value={view} onValueChange={(v) => DOCUMENT_VIEWS.includes(v as DocumentView) && setView(v as DocumentView)}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Tabs.List aria-label="Compliance lists" className="flex max-w-full flex-wrap gap-1 rounded-lg border border-slate-200 bg-slate-100 p-1">
            {DOCUMENT_VIEWS.map((v) => (
              <Tabs.Trigger
                key={v}
                value={v}
                className="inline-flex min-h-11 shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm sm:min-h-9"
              >
                {VIEW[v].label}
                {summary.data && (
                  <span className="tabular rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-800" aria-label={`(${formatNumber(summary.data[v])})`}>
                    {formatNumber(summary.data[v])}
                  </span>
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <p className="tabular text-sm text-slate-600" aria-live="polite">
            {summary.data ? summaryText(summary.data) : " "}
          </p>
        </div>
        {DOCUMENT_VIEWS.map((v) => (
          <Tabs.Content key={v} value={v} className="mt-3 focus-visible:outline-none">
            <DocumentList view={v} onCompany={setCompany} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <CompanyDialog target={company} onOpenChange={(o) => !o && setCompany(null)} />
    </div>
  );
}

function DocumentList({ view, onCompany }: { view: DocumentView; onCompany: (c: CompanyTarget) => void }) {
  const table = usePagedTable({ pageSize: COMPLIANCE_PAGE });
  const docs = useReviewDocuments(view, table.params);
  const [rejecting, setRejecting] = useState<ReviewDocument | null>(null);
  const columns = COLUMNS(view);
  const rows = docs.data?.rows;
  const today = ukToday();
  const companyButton = (d: ReviewDocument) => (
    <button
      type="button"
      className="min-h-8 text-left font-medium text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere] max-sm:min-h-11"
      onClick={() => onCompany({ id: d.companyId, name: d.companyName })}
      aria-label={`${d.companyName}: open company`}
    >
      {d.companyName}
    </button>
  );
  const review = (d: ReviewDocument, label: string) =>
    view === "pending" ? (
      <ReviewActions doc={d} label={label} onReject={() => setRejecting(d)} compact />
    ) : (
      <span className="flex flex-col items-start gap-1">
        <DocumentStatusBadge status={d.status} />
        {d.replacementPending && <span className="text-xs text-slate-700">A new one is waiting for review</span>}
      </span>
    );
  return (
    <div className="space-y-3">
      {docs.error && !docs.data ? (
        <ListError what="documents" onRetry={() => void docs.refetch()} />
      ) : (
        <>
          {/* a phone: one card a document, Verify and Reject on screen (the table would scroll them away) */}
          <div className="sm:hidden">
            {docs.isLoading ? (
              <p role="status" className="py-6 text-center text-sm text-slate-600">
                Loading...
              </p>
            ) : !rows?.length ? (
              <p className="rounded-lg border border-slate-200 bg-white px-3 py-8 text-center text-sm text-slate-600">{VIEW[view].empty}</p>
            ) : (
              <ul className="space-y-2" aria-label={VIEW[view].caption}>
                {rows.map((d) => {
                  const label = documentLabel(d, d.companyName);
                  return (
                    <DocumentCard
                      key={d.id}
                      doc={d}
                      label={label}
                      today={today}
                      company={companyButton(d)}
                      uploadedBy={d.uploadedByName}
                      actions={view === "pending" ? review(d, label) : undefined}
                      note={d.replacementPending ? <p className="text-xs text-slate-700">A new one is waiting for review.</p> : undefined}
                    />
                  );
                })}
              </ul>
            )}
          </div>
          <div className="hidden sm:block">
            <SortableTableShell caption={VIEW[view].caption} columns={columns} sort={null} onSort={() => undefined} dense>
              {docs.isLoading ? (
                <SkeletonRows cols={columns.length} rows={3} />
              ) : !rows?.length ? (
                <EmptyRow cols={columns.length} text={VIEW[view].empty} />
              ) : (
                rows.map((d) => {
                  const label = documentLabel(d, d.companyName);
                  const left = daysUntil(d.expiresOn, today);
                  return (
                    <tr key={d.id} className="group border-t border-slate-100 align-top hover:bg-slate-50">
                      <td className={cn(CELL, FIRST_CELL, "min-w-36")}>{companyButton(d)}</td>
                      <td className={cn(CELL, "text-slate-900")}>{documentKindLabel(d)}</td>
                      <td className={cn(CELL, "tabular")}>
                        <span className="block whitespace-nowrap">{formatDay(d.expiresOn)}</span>
                        <span className={cn("block whitespace-nowrap text-xs", left < 0 ? "text-red-700" : left <= 7 ? "text-amber-800" : "text-slate-600")}>
                          {relativeExpiry(d.expiresOn, today)}
                        </span>
                      </td>
                      <td className={cn(CELL, "tabular whitespace-nowrap text-right")}>{d.coverAmount == null ? "—" : formatMoney(d.coverAmount)}</td>
                      <td className={cn(CELL, "tabular")}>
                        {d.uploadedByName && <span className="block">{d.uploadedByName}</span>}
                        <span className="block whitespace-nowrap text-xs text-slate-600">{formatAdminDateTime(d.uploadedAt)}</span>
                      </td>
                      <td className={CELL}>
                        <ViewFileLink doc={d} label={label} />
                      </td>
                      <td className={CELL}>{review(d, label)}</td>
                    </tr>
                  );
                })
              )}
            </SortableTableShell>
          </div>
        </>
      )}
      {docs.data && (
        <TablePager label={`${VIEW[view].label}: pages`} total={docs.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />
      )}
      <RejectDocumentDialog doc={rejecting} label={rejecting ? documentLabel(rejecting, rejecting.companyName) : ""} onOpenChange={(o) => !o && setRejecting(null)} />
    </div>
  );
}
