// A company's documents as staff see them in the company dialog (contract GET
// /api/companies/{id}/documents): newest first, each with its status, expiry,
// cover, who uploaded it, the file, and Verify / Reject while it waits for review.
import { useState } from "react";
import { documentKindLabel, type CompanyDocument } from "@contract/schemas/company";
import { formatAdminDateTime, formatMoney } from "../../lib/format";
import { cn } from "../../lib/cn";
import { Button } from "../../components/ui/button";
import { useCompanyDocuments } from "./api";
import { DocumentStatusBadge, ExpiredBadge } from "./badges";
import { daysUntil, formatDay, relativeExpiry, ukToday } from "./expiry";
import { RejectDocumentDialog, ReviewActions, documentLabel } from "./review-actions";
import { DocumentCard, ViewFileLink } from "./document-card";

const TH = "whitespace-nowrap px-2 py-2 font-semibold";
const TD = "px-2 py-2 align-top";

export function CompanyDocuments({ companyId, companyName, memberNames }: { companyId: string; companyName: string; memberNames: Map<string, string> }) {
  const docs = useCompanyDocuments(companyId);
  const [rejecting, setRejecting] = useState<CompanyDocument | null>(null);
  const today = ukToday();

  if (docs.isPending) return <p className="py-4 text-sm text-slate-600" role="status">Loading documents...</p>;
  if (docs.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        Could not load the documents.
        <Button variant="outline" size="sm" onClick={() => void docs.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (!docs.data.length) return <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">No documents uploaded yet. The company's members upload them on their Company page.</p>;

  return (
    <>
      {/* a phone: one card a document (the table would scroll Verify and Reject off screen) */}
      <ul className="space-y-2 sm:hidden" aria-label={`${companyName}: documents`}>
        {docs.data.map((d) => {
          const label = documentLabel(d, companyName);
          return (
            <DocumentCard
              key={d.id}
              doc={d}
              label={label}
              today={today}
              uploadedBy={d.uploadedBy ? memberNames.get(d.uploadedBy) : null}
              actions={d.status === "pending" ? <ReviewActions doc={d} label={label} onReject={() => setRejecting(d)} /> : undefined}
            />
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block" role="region" aria-label={`${companyName}: documents`} tabIndex={0}>
        <table className="w-full border-collapse text-sm text-slate-800">
          <caption className="sr-only">Documents of {companyName}</caption>
          <thead className="bg-slate-50 text-left text-[11px] uppercase text-slate-600">
            <tr>
              <th scope="col" className={TH}>Document</th>
              <th scope="col" className={TH}>Status</th>
              <th scope="col" className={TH}>Expires</th>
              <th scope="col" className={cn(TH, "text-right")}>Cover</th>
              <th scope="col" className={TH}>Uploaded</th>
              <th scope="col" className={TH}>File</th>
              <th scope="col" className={cn(TH, "text-right")}>Review</th>
            </tr>
          </thead>
          <tbody>
            {docs.data.map((d) => {
              const label = documentLabel(d, companyName);
              const expired = daysUntil(d.expiresOn, today) < 0;
              return (
                <tr key={d.id} className="border-t border-slate-100">
                  <td className={cn(TD, "font-medium text-slate-900")}>{documentKindLabel(d)}</td>
                  <td className={TD}>
                    <span className="flex flex-wrap gap-1">
                      <DocumentStatusBadge status={d.status} />
                      {expired && d.status === "verified" && <ExpiredBadge />}
                    </span>
                    {d.status === "rejected" && d.reason && <span className="mt-1 block max-w-64 text-xs text-slate-700">Reason: {d.reason}</span>}
                  </td>
                  <td className={cn(TD, "tabular")}>
                    <span className="block whitespace-nowrap">{formatDay(d.expiresOn)}</span>
                    <span className={cn("block text-xs", expired ? "text-red-700" : "text-slate-600")}>{relativeExpiry(d.expiresOn, today)}</span>
                  </td>
                  <td className={cn(TD, "tabular whitespace-nowrap text-right")}>{d.coverAmount == null ? "—" : formatMoney(d.coverAmount)}</td>
                  <td className={cn(TD, "tabular")}>
                    <span className="block">{(d.uploadedBy && memberNames.get(d.uploadedBy)) || "—"}</span>
                    <span className="block whitespace-nowrap text-xs text-slate-600">{formatAdminDateTime(d.uploadedAt)}</span>
                  </td>
                  <td className={TD}>
                    <ViewFileLink doc={d} label={label} />
                  </td>
                  <td className={TD}>
                    {d.status === "pending" ? (
                      <ReviewActions doc={d} label={label} onReject={() => setRejecting(d)} compact />
                    ) : (
                      <span className="block text-right text-xs text-slate-600">
                        {d.reviewedAt ? (
                          <>
                            Reviewed <span className="tabular whitespace-nowrap">{formatAdminDateTime(d.reviewedAt)}</span>
                          </>
                        ) : (
                          "—"
                        )}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <RejectDocumentDialog doc={rejecting} label={rejecting ? documentLabel(rejecting, companyName) : ""} onOpenChange={(o) => !o && setRejecting(null)} />
    </>
  );
}
