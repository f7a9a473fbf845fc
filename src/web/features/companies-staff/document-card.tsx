// A document as a card on a 390 px phone (ui.md: usable on a phone; the desk
// tables scroll sideways there, which would hide Verify and Reject off screen).
// The same facts as a table row: company, kind, status, expiry, cover, uploader, file.
import type { ReactNode } from "react";
import { ExternalLink } from "lucide-react";
import { documentKindLabel, type CompanyDocument } from "@contract/schemas/company";
import { formatAdminDateTime, formatMoney } from "../../lib/format";
import { cn } from "../../lib/cn";
import { DocumentStatusBadge, ExpiredBadge } from "./badges";
import { daysUntil, formatDay, relativeExpiry } from "./expiry";

export function DocumentCard({
  doc,
  label,
  today,
  company,
  uploadedBy,
  actions,
  note,
}: {
  doc: CompanyDocument;
  label: string;
  today: string;
  /** the company's name, as a button that opens it (the Compliance tab) */
  company?: ReactNode;
  uploadedBy?: string | null;
  /** Verify and Reject while it waits for review */
  actions?: ReactNode;
  note?: ReactNode;
}) {
  const left = daysUntil(doc.expiresOn, today);
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      {company}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{documentKindLabel(doc)}</p>
        <span className="flex flex-wrap gap-1">
          <DocumentStatusBadge status={doc.status} />
          {left < 0 && doc.status === "verified" && <ExpiredBadge />}
        </span>
      </div>
      {doc.status === "rejected" && doc.reason && <p className="text-xs text-slate-700">Reason: {doc.reason}</p>}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="text-slate-600">Expires</dt>
        <dd className="tabular">
          {formatDay(doc.expiresOn)}{" "}
          <span className={cn("text-xs", left < 0 ? "text-red-700" : left <= 7 ? "text-amber-800" : "text-slate-600")}>({relativeExpiry(doc.expiresOn, today)})</span>
        </dd>
        <dt className="text-slate-600">Cover</dt>
        <dd className="tabular">{doc.coverAmount == null ? "—" : formatMoney(doc.coverAmount)}</dd>
        <dt className="text-slate-600">Uploaded</dt>
        <dd className="tabular">
          {uploadedBy ? `${uploadedBy}, ` : ""}
          {formatAdminDateTime(doc.uploadedAt)}
        </dd>
      </dl>
      {note}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ViewFileLink doc={doc} label={label} />
        {actions}
      </div>
    </li>
  );
}

/** The file in a new tab, served to the company's members and staff only (contract). */
export function ViewFileLink({ doc, label }: { doc: CompanyDocument; label: string }) {
  return (
    <a
      href={doc.objectPath}
      target="_blank"
      rel="noopener"
      className="inline-flex min-h-11 items-center gap-1 whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline sm:min-h-8"
      aria-label={`View ${label} (opens in a new tab)`}
    >
      View
      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
    </a>
  );
}
