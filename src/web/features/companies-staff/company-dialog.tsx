// The staff company dialog: one
// carrier company's profile (staff may rename it), compliance, documents with
// Verify / Reject, members with "Move to another company", and "Merge into another
// company…". Opened from the Carriers tab, the Users tab and the Compliance tab.
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { Merge } from "lucide-react";
import type { Company } from "@contract/schemas/company";
import { ApiError } from "../../lib/api";
import { formatDate } from "../../lib/format";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { WideDialog } from "../../components/ui/wide-dialog";
import { useCompany, useCompanyDocuments, useCompanyMembers } from "./api";
import { ComplianceBadge } from "./badges";
import { CompanyProfileForm } from "./company-profile-form";
import { CompanyDocuments } from "./company-documents";
import { CompanyMembers } from "./company-members";
import { MergeCompanyDialog } from "./merge-company-dialog";
import { VatProposal } from "./vat-proposal";
import { CompanyScorecard } from "../scorecards";

/** Which company to show (its id), and its name to title the dialog while it loads. */
export interface CompanyTarget {
  id: string;
  name?: string;
}

export function CompanyDialog({ target, onOpenChange }: { target: CompanyTarget | null; onOpenChange: (open: boolean) => void }) {
  // after a merge the dialog shows the company that stayed
  const [mergedInto, setMergedInto] = useState<string | null>(null);
  useEffect(() => setMergedInto(null), [target]);
  const id = mergedInto ?? target?.id ?? null;
  const company = useCompany(id);

  const title = company.data?.name ?? target?.name ?? "Company";
  let body: ReactNode;
  if (company.isError)
    body = (
      <Notice>
        {company.error instanceof ApiError && company.error.status === 404 ? "This company no longer exists: it may have been merged into another." : "Could not load the company."}{" "}
        <Button variant="outline" size="sm" onClick={() => void company.refetch()}>
          Retry
        </Button>
      </Notice>
    );
  else if (!company.data) body = <Spinner label="Loading company..." className="min-h-48" />;
  else body = <CompanyDetails key={company.data.id} company={company.data} onMerged={(c) => setMergedInto(c.id)} />;

  return (
    <WideDialog open={!!target} onOpenChange={onOpenChange} title={title} description="Carrier company: profile, compliance documents and members.">
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{body}</div>
    </WideDialog>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      {children}
    </div>
  );
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="space-y-3" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function CompanyDetails({ company, onMerged }: { company: Company; onMerged: (survivor: Company) => void }) {
  const members = useCompanyMembers(company);
  const docs = useCompanyDocuments(company.id);
  const [merging, setMerging] = useState(false);
  const memberNames = new Map((members.data ?? []).map((m) => [m.id, m.name]));
  const fors =
    company.verifiedForsLevel !== ""
      ? `FORS ${company.verifiedForsLevel}, verified`
      : company.forsLevel !== ""
        ? `FORS ${company.forsLevel} claimed, no verified certificate`
        : "No FORS level";

  return (
    <div className="space-y-6">
      <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Compliance</dt>
          <dd>
            <ComplianceBadge status={company.compliance} />
          </dd>
        </div>
        <div>
          <dt className="sr-only">FORS</dt>
          <dd>{fors}</dd>
        </div>
        <div>
          <dt className="inline">Members: </dt>
          <dd className="tabular inline">{company.memberCount.toLocaleString("en-GB")}</dd>
        </div>
        <div>
          <dt className="inline">Since: </dt>
          <dd className="tabular inline">{formatDate(company.createdAt)}</dd>
        </div>
      </dl>

      <VatProposal company={company} />

      {/* the company's scorecard, from facts (features/scorecards, lazy) */}
      <Suspense fallback={<Spinner label="Loading the scorecard..." className="py-6" />}>
        <CompanyScorecard companyId={company.id} level={3} />
      </Suspense>

      <Section title="Profile">
        <CompanyProfileForm company={company} />
      </Section>

      <Section title="Documents">
        <CompanyDocuments companyId={company.id} companyName={company.name} memberNames={memberNames} />
      </Section>

      <Section title="Members">
        <CompanyMembers company={company} members={members.data} isPending={members.isPending} isError={members.isError} onRetry={() => void members.refetch()} />
      </Section>

      <Section title="Merge">
        <div className="flex flex-col gap-3 rounded-lg border border-red-200 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            The same haulier registered twice? Fold {company.name} into the other company: its members, their bookings and its documents move across.
          </p>
          <Button variant="outline" className="shrink-0 text-red-700" onClick={() => setMerging(true)}>
            <Merge className="h-4 w-4" aria-hidden="true" />
            Merge into another company…
          </Button>
        </div>
      </Section>

      <MergeCompanyDialog company={company} documents={docs.data?.length ?? 0} open={merging} onOpenChange={setMerging} onMerged={onMerged} />
    </div>
  );
}
