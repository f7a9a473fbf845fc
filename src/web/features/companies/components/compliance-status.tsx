// The company's compliance on the Company page: the status as a badge with its words (never colour alone, ui.md),
// what to do next (or that the documents wait for the office), the two insurances
// the status rests on, and the FORS level that loads needing FORS count: the level
// of the verified certificate, never the one claimed on the profile.
import { CheckCircle2, Clock, ShieldAlert, ShieldCheck, ShieldX, XCircle } from "lucide-react";
import { DOCUMENT_KIND_LABELS, type Company } from "@contract/schemas/company";
import { cn } from "../../../lib/cn";
import { WAITING_FOR_OFFICE, complianceAdvice, formatDay, requiredDocuments } from "../document-rules";
import type { CompanyDocument } from "@contract/schemas/company";

const BADGE = {
  green: { icon: ShieldCheck, className: "border-green-300 bg-green-50 text-green-900" },
  amber: { icon: ShieldAlert, className: "border-amber-300 bg-amber-50 text-amber-950" },
  red: { icon: ShieldX, className: "border-red-300 bg-red-50 text-red-900" },
} as const;

export function ComplianceStatus({
  company,
  documents,
  requireCompliance,
  enforceFors,
  today,
}: {
  company: Company;
  documents: CompanyDocument[];
  requireCompliance: boolean;
  enforceFors: boolean;
  today: string;
}) {
  const required = requiredDocuments(documents, today);
  const advice = complianceAdvice(company.compliance, requireCompliance, required);
  const { icon: Icon, className } = advice.label === WAITING_FOR_OFFICE ? { icon: Clock, className: BADGE.amber.className } : BADGE[advice.tone];
  const forsWaiting = documents.find((d) => d.kind === "fors_certificate" && d.status === "pending" && d.expiresOn >= today);

  return (
    <section aria-labelledby="compliance-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="compliance-heading" className="text-lg font-semibold text-slate-900">
        Compliance
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <p data-testid="compliance-badge" className={cn("inline-flex shrink-0 items-center gap-2 self-start rounded-full border px-3 py-1.5 text-base font-semibold", className)}>
          <Icon className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">Status: </span>
          <span>{advice.label}</span>
        </p>
        <p className="text-sm text-slate-800">{advice.next}</p>
      </div>

      <h3 className="mt-4 text-sm font-semibold text-slate-900">Insurance on file</h3>
      <ul className="mt-2 space-y-2 text-sm">
        {required.map((r) => (
          <li key={r.kind} className="flex items-start gap-2">
            {r.state === "verified" ? (
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
            ) : r.state === "pending" ? (
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
            ) : (
              <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-hidden="true" />
            )}
            <span>
              <span className="font-medium text-slate-900">{DOCUMENT_KIND_LABELS[r.kind]}: </span>
              {r.state === "verified" && `verified, valid until ${formatDay(r.expiresOn)}`}
              {r.state === "pending" && `waiting for review by staff (valid until ${formatDay(r.expiresOn)})`}
              {r.state === "missing" && <span className="text-red-800">none verified or waiting. Please upload it.</span>}
            </span>
          </li>
        ))}
      </ul>

      <h3 className="mt-4 text-sm font-semibold text-slate-900">FORS</h3>
      <p className="mt-1 text-sm text-slate-800">
        {company.verifiedForsLevel ? `Verified FORS ${company.verifiedForsLevel}, from your verified certificate.` : "No verified FORS certificate."}{" "}
        {forsWaiting
          ? `Your FORS certificate${forsWaiting.forsLevel ? ` (${forsWaiting.forsLevel})` : ""} is waiting for the office to check it.`
          : !company.verifiedForsLevel
            ? "If you hold FORS, upload your certificate and choose its level."
            : ""}
        {enforceFors && " Loads that need FORS can be booked only at your verified level or below."}
      </p>
    </section>
  );
}
