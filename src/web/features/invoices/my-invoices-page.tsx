// My Invoices: the self-billing invoices the network raised for the carrier's company when a
// load's POD was completed, newest first: number, load, net / VAT / gross, status
// in words, issued, due and paid, and each one's PDF; filters by status and issue
// day; paging; and the company's statement for a period as PDF or CSV. Cards on a
// phone, a table at a desk. Reached from the user menu and the invoice emails
// (MY_INVOICES_PATH).
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Building2, ReceiptText } from "lucide-react";
import { INVOICE_MSG } from "@contract/schemas/invoice";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/format";
import { useAuth } from "../../lib/use-auth";
import { TablePager } from "../../components/table-pager";
import { useInvoices } from "./api";
import { INVOICE_PAGE, NO_FILTERS, type InvoiceFilters } from "./invoice-format";
import { InvoiceList } from "./components/invoice-list";
import { InvoiceFilterBar } from "./components/invoice-filters";
import { StatementForm } from "./components/statement-form";

export const NO_INVOICES_YET = "No invoices yet. An invoice is raised when you complete POD for a load.";

export default function MyInvoicesPage() {
  const { user, isStaff } = useAuth();
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const hasCompany = !!user?.companyId;
  const list = useInvoices(filters, { limit: INVOICE_PAGE, offset }, hasCompany && !isStaff);
  const filtered = filters.status !== "" || filters.from !== "" || filters.to !== "";

  useEffect(() => {
    document.title = "My Invoices";
  }, []);

  let body;
  if (isStaff) {
    body = (
      <Notice icon={<ReceiptText className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />} title="Staff see every invoice in Admin.">
        Open the{" "}
        <Link href="/admin" className="font-medium text-brand-700 underline underline-offset-2">
          Admin Dashboard
        </Link>{" "}
        and its Invoices tab to find, pay and export invoices.
      </Notice>
    );
  } else if (!hasCompany) {
    body = (
      <Notice icon={<Building2 className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />} title={`${INVOICE_MSG.noCompany}.`}>
        Invoices are raised in your company's name. Please contact the office: staff link your account to your company.
      </Notice>
    );
  } else {
    const empty = filtered ? (
      <>
        No invoices match these filters.{" "}
        <button type="button" className="min-h-11 font-medium text-brand-700 underline underline-offset-2" onClick={() => setFilters(NO_FILTERS)}>
          Clear filters
        </button>
      </>
    ) : (
      NO_INVOICES_YET
    );
    const shared = { caption: "My invoices, newest first", rows: list.data?.rows, isLoading: list.isLoading, empty };
    body = (
      <>
        <section aria-labelledby="invoices-heading" className="space-y-3">
          <h2 id="invoices-heading" className="sr-only">
            Invoices
          </h2>
          <InvoiceFilterBar
            filters={filters}
            onChange={(f) => {
              setFilters(f);
              setOffset(0);
            }}
          />
          {list.isError && !list.data ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <span>{errorMessage(list.error, "Your invoices could not be loaded. Check your connection and try again.")}</span>
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                Retry
              </Button>
            </div>
          ) : (
            <InvoiceList {...shared} />
          )}
          {list.data && <TablePager label="Invoice pages" total={list.data.total} offset={offset} limit={INVOICE_PAGE} onOffset={setOffset} />}
        </section>

        <section aria-labelledby="statement-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="statement-heading" className="text-lg font-semibold text-slate-900">
            Statement
          </h2>
          <p className="mb-3 mt-0.5 text-sm text-slate-600">
            Your company's invoices for a period, for your accounts{user?.carrierName ? ` (${user.carrierName})` : ""}.
          </p>
          <StatementForm />
        </section>
      </>
    );
  }

  return (
    <main id="main-content" className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Invoices</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Self-billing invoices: we raise them on your behalf when you complete POD for a load, and pay them by the due date. Download each one as a PDF for
          your records.
        </p>
      </header>
      {body}
    </main>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      {icon}
      <p className="mt-2 font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </div>
  );
}
