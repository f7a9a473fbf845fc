// The company's documents on the Company page: kind, status in words (with the reason when staff rejected it),
// expiry as a UK date and how near it is, cover, and the file itself, which the
// server serves to the company's members and staff only. One list for phone and
// desk: a card a document on a phone, a row of columns from sm up.
import { FileText, RotateCcw } from "lucide-react";
import { DOCUMENT_STATUS_LABELS, documentKindLabel, type CompanyDocument, type DocumentKind, type DocumentStatus } from "@contract/schemas/company";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { formatCardDate, formatMoney } from "../../../lib/format";
import { expiryNote, formatDay, wantsNewCopy } from "../document-rules";

const STATUS_TONE: Record<DocumentStatus, BadgeTone> = { pending: "amber", verified: "green", rejected: "red" };

export function DocumentsList({ documents, today, onUploadAgain }: { documents: CompanyDocument[]; today: string; onUploadAgain: (kind: DocumentKind) => void }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Documents">
      {documents.map((d) => {
        // a FORS certificate with its level: "FORS certificate (Silver)"
        const label = documentKindLabel(d);
        const expiry = expiryNote(d.expiresOn, today);
        const wantsNew = wantsNewCopy(d, documents, today);
        return (
          <li key={d.id} className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] sm:items-start" data-testid="company-document">
            <div className="min-w-0">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                {label}
              </h3>
              <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
                <span className="sr-only">Status: </span>
                <Badge tone={STATUS_TONE[d.status]}>{DOCUMENT_STATUS_LABELS[d.status]}</Badge>
                <span className="text-slate-600">Uploaded {formatCardDate(d.uploadedAt)}</span>
              </p>
              {d.status === "rejected" && d.reason && (
                <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm wrap-anywhere text-red-900">
                  <span className="font-semibold">Reason: </span>
                  {d.reason}
                </p>
              )}
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Expires</dt>
              <dd className="text-slate-900">
                {formatDay(d.expiresOn)}
                {expiry.text && (
                  <span className={cn("ml-2 font-semibold", expiry.tone === "expired" ? "text-red-700" : "text-amber-800")}>{expiry.text}</span>
                )}
              </dd>
              {d.coverAmount != null && (
                <>
                  <dt className="text-slate-600">Cover</dt>
                  <dd className="text-slate-900 tabular">{formatMoney(d.coverAmount)}</dd>
                </>
              )}
            </dl>
            <div className="flex flex-col gap-2 sm:items-end">
              <a
                href={d.objectPath}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
              >
                View file<span className="sr-only">: {label}, opens in a new tab</span>
              </a>
              {wantsNew && (
                <Button variant="outline" onClick={() => onUploadAgain(d.kind)} className="w-full sm:w-auto">
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  Upload a new copy<span className="sr-only"> of {label}</span>
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
