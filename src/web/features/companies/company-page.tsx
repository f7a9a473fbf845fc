// The Company page for carrier users: the company's name (staff rename it), its compliance and what to do next,
// its documents with "Upload document", and its profile. Reached from the user
// menu and from the board's "why can't I book" notes.
import { Suspense, useState } from "react";
import { Link } from "wouter";
import { Building2, Upload } from "lucide-react";
import { ukDayKey } from "@contract/wall-clock";
import type { DocumentKind } from "@contract/schemas/company";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage, formatNumber } from "../../lib/format";
import { Later, lazyNamed } from "../../lib/lazy";
import { useAuth } from "../../lib/use-auth";
import { useCompany } from "./api/company";
import { useComplianceMe } from "../booking-compliance";
import { useCompanyDocuments } from "./api/documents";
import { suggestedKind } from "./document-rules";
import { ComplianceStatus } from "./components/compliance-status";
import { CompanyProfileForm } from "./components/company-profile-form";
import { DocumentsList } from "./components/documents-list";
import { CompanyScorecard } from "../scorecards";
import { Problem } from "../../components/problem";

// the dialog and its upload code load on first use
const DocumentUploadDialog = lazyNamed(() => import("./components/document-upload-dialog"), "DocumentUploadDialog");


export default function CompanyPage() {
  const { isStaff } = useAuth();
  const me = useComplianceMe();
  const companyId = me.data?.companyId ?? null;
  const company = useCompany(companyId);
  const documents = useCompanyDocuments(companyId);
  const today = ukDayKey(Date.now());
  const [upload, setUpload] = useState<{ kind: DocumentKind; open: boolean } | null>(null);
  const docs = documents.data ?? [];
  const openUpload = (kind?: DocumentKind) => setUpload({ kind: kind ?? suggestedKind(docs, today), open: true });

  let body;
  if (me.isLoading || (companyId && company.isLoading)) {
    body = <Spinner label="Loading your company..." className="py-10" />;
  } else if (me.isError) {
    body = <Problem text={errorMessage(me.error, "Your company could not be loaded.")} onRetry={() => me.refetch()} />;
  } else if (!companyId) {
    body = (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <Building2 className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">Your account is not linked to a carrier company.</p>
        <p className="mt-1 text-sm text-slate-600">
          {isStaff ? (
            <>
              Staff accounts have no company. Carrier companies are managed in{" "}
              <Link href="/admin" className="font-medium text-brand-700 underline underline-offset-2">
                Admin
              </Link>
              .
            </>
          ) : (
            "Please contact the office: staff link your account to your company."
          )}
        </p>
      </div>
    );
  } else if (company.isError || !company.data) {
    body = <Problem text={errorMessage(company.error, "Your company could not be loaded.")} onRetry={() => company.refetch()} />;
  } else {
    const c = company.data;
    body = (
      <>
        <header>
          <p className="flex items-center gap-1.5 text-sm font-medium text-slate-600">
            <Building2 className="h-4 w-4" aria-hidden="true" />
            Your company
          </p>
          <h1 className="mt-0.5 text-2xl font-bold tracking-tight wrap-anywhere text-slate-900 sm:text-3xl">{c.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {formatNumber(c.memberCount)} {c.memberCount === 1 ? "member" : "members"}. Only staff can rename a company: if your company's name has changed, please contact
            the office.
          </p>
        </header>

        {documents.isLoading ? (
          <Spinner label="Loading documents..." className="py-6" />
        ) : (
          <ComplianceStatus company={c} documents={docs} requireCompliance={!!me.data?.requireCompliance} enforceFors={!!me.data?.enforceFors} today={today} />
        )}

        <section aria-labelledby="documents-heading" className="space-y-3">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
                Documents
              </h2>
              <p className="text-sm text-slate-600">Insurance certificates, operator licence and FORS certificate. Only your company and staff can see them.</p>
            </div>
            <Button onClick={() => openUpload()} className="w-full shrink-0 whitespace-nowrap sm:w-auto" disabled={documents.isLoading}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Upload document
            </Button>
          </div>
          {documents.isLoading ? null : documents.isError ? (
            <Problem text={errorMessage(documents.error, "The documents could not be loaded.")} onRetry={() => documents.refetch()} />
          ) : docs.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
              <p className="font-medium text-slate-900">No documents yet</p>
              <p className="mt-1 text-sm text-slate-600">Start with your vehicle insurance and goods in transit insurance certificates.</p>
            </div>
          ) : (
            <DocumentsList documents={docs} today={today} onUploadAgain={openUpload} />
          )}
        </section>

        {/* the company's scorecard, from facts (features/scorecards, lazy) */}
        <Suspense fallback={<Spinner label="Loading the scorecard..." className="py-6" />}>
          <CompanyScorecard companyId={c.id} />
        </Suspense>

        <section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
            Company details
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-600">As registered with Companies House, HMRC and the traffic commissioner.</p>
          <CompanyProfileForm company={c} />
        </section>

        <Later>
          {upload && (
            <DocumentUploadDialog
              companyId={c.id}
              open={upload.open}
              initialKind={upload.kind}
              today={today}
              onOpenChange={(open) => setUpload((u) => (u ? { ...u, open } : u))}
            />
          )}
        </Later>
      </>
    );
  }

  return (
    <main id="main-content" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      {/* the page's h1 is the company's name once it is known */}
      {!company.data && <h1 className="sr-only">Your company</h1>}
      {body}
    </main>
  );
}
