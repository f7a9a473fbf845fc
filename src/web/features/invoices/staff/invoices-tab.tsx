// The admin page's Invoices tab: every self-billing invoice, newest first, filtered by status,
// carrier, issue day and overdue; paged by the server; a payment run (tick issued
// invoices, on any page, then "Mark selected as paid"); "Mark paid" per row; the CSV
// export of exactly this list; a carrier's statement; the invoice settings. The filters stay put across
// tabs and reloads like the load tabs' (ui.md).
import { useCallback, useEffect, useState } from "react";
import { FileText, Settings, Wallet } from "lucide-react";
import type { Invoice } from "@contract/schemas/invoice";
import { Button } from "../../../components/ui/button";
import { formatMoney, formatNumber } from "../../../lib/format";
import { TablePager } from "../../../components/table-pager";
import { useInvoices } from "../api";
import type { ExportKind } from "@contract/schemas/export";
import { ExportButton } from "../../../components/export-button";
import { INVOICE_PAGE, NO_FILTERS, invoiceExportUrl, invoiceListUrl, sumMoney, type InvoiceFilters } from "../invoice-format";
import { InvoiceList } from "../components/invoice-list";
import { InvoiceFilterBar } from "../components/invoice-filters";
import { InvoiceSettingsDialog } from "./invoice-settings-dialog";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { StatementDialog } from "./statement-dialog";

const STORE_KEY = "admin-dashboard.invoices";
const SEARCH_DELAY_MS = 300;

function storedFilters(): InvoiceFilters {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    return raw ? { ...NO_FILTERS, ...(JSON.parse(raw) as Partial<InvoiceFilters>) } : NO_FILTERS;
  } catch {
    return NO_FILTERS;
  }
}

/** The filters as typed, and as sent: the carrier's name once typing pauses. */
function useInvoiceFilters() {
  const [filters, setFiltersState] = useState<InvoiceFilters>(storedFilters);
  const [carrier, setCarrier] = useState(filters.carrier);
  useEffect(() => {
    const t = setTimeout(() => setCarrier(filters.carrier), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [filters.carrier]);
  const setFilters = useCallback((f: InvoiceFilters) => {
    setFiltersState(f);
    try {
      sessionStorage.setItem(STORE_KEY, JSON.stringify(f));
    } catch {
      // private mode: the filters still work, they just do not survive a reload
    }
  }, []);
  return { filters, sent: { ...filters, carrier }, setFilters };
}

/** Overdue invoices, for the tab's count (the office's first question). */
export function useOverdueInvoiceCount(): number | undefined {
  const q = useInvoices({ ...NO_FILTERS, overdueOnly: true }, { limit: 1, offset: 0 });
  return q.data?.total;
}

export function InvoicesTab() {
  const { filters, sent, setFilters } = useInvoiceFilters();
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(0), [sent.carrier]);
  const list = useInvoices(sent, { limit: INVOICE_PAGE, offset });
  // the payment run: ticked invoices by id, kept across pages and filters (the dialog lists them all before paying)
  const [selected, setSelected] = useState<Map<string, Invoice>>(new Map());
  const [paying, setPaying] = useState<Invoice[] | null>(null);
  const [statementOpen, setStatementOpen] = useState(false);
  const rows = list.data?.rows;

  // an invoice paid or voided elsewhere leaves the run once the list shows it so
  useEffect(() => {
    if (!rows) return;
    const gone = rows.filter((r) => r.status !== "issued" && selected.has(r.id));
    if (gone.length) setSelected((s) => new Map([...s].filter(([id]) => !gone.some((g) => g.id === id))));
  }, [rows, selected]);

  const onSelect = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const id of ids) {
        const inv = rows?.find((r) => r.id === id);
        if (on && inv) next.set(id, inv);
        else next.delete(id);
      }
      return next;
    });
  const staff = { selected: new Set(selected.keys()), onSelect, onMarkPaid: (inv: Invoice) => setPaying([inv]) };
  const exportReady = invoiceExportUrl(sent) !== null;
  const shared = { caption: "Self-billing invoices, newest first", rows, isLoading: list.isLoading, staff, empty: "No invoices match the current filters." };
  const picked = [...selected.values()];

  return (
    <div className="space-y-3">
      <InvoiceFilterBar
        staff
        filters={filters}
        onChange={(f) => {
          setFilters(f);
          setOffset(0);
        }}
        actions={
          // the exports' Export link, as on the other tabs: every page of exactly this list as CSV; none until
          // the exports registry lists invoices (the cast goes once "invoices" is an ExportKind)
          exportReady && <ExportButton kind={"invoices" as ExportKind} listUrl={invoiceListUrl(sent, { limit: INVOICE_PAGE, offset })} what="invoices" className="max-sm:w-full" />
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="tabular text-sm text-slate-700" aria-live="polite">
          {list.data ? `${formatNumber(list.data.total)} ${list.data.total === 1 ? "invoice" : "invoices"}` : " "}
          {picked.length > 0 && (
            <span className="font-medium text-slate-900">
              {" "}
              · {formatNumber(picked.length)} selected for payment ({formatMoney(sumMoney(picked.map((p) => p.gross)))})
            </span>
          )}
        </p>
        <div className="grid w-full grid-cols-1 gap-2 sm:flex sm:w-auto">
          {picked.length > 0 && (
            <Button variant="ghost" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
          )}
          <Button disabled={!picked.length} onClick={() => setPaying(picked)}>
            <Wallet className="h-4 w-4" aria-hidden="true" />
            Mark selected as paid
          </Button>
          <Button variant="outline" onClick={() => setStatementOpen(true)}>
            <FileText className="h-4 w-4" aria-hidden="true" />
            Statement
          </Button>
          <InvoiceSettingsButton />
        </div>
      </div>

      {list.isError && !list.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <span>Could not load the invoices. Check your connection; the list refreshes by itself.</span>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <InvoiceList {...shared} />
      )}
      {list.data && <TablePager label="Invoices: pages" total={list.data.total} offset={offset} limit={INVOICE_PAGE} onOffset={setOffset} />}

      <MarkPaidDialog
        invoices={paying}
        onOpenChange={(o) => !o && setPaying(null)}
        onPaid={(ids) => setSelected((s) => new Map([...s].filter(([id]) => !ids.includes(id))))}
      />
      <StatementDialog open={statementOpen} onOpenChange={setStatementOpen} />
    </div>
  );
}

/**
 * "Invoice Settings" and its dialog. In the tab's toolbar rather than the admin
 * header beside Compliance Settings: one more button there wraps the header to a
 * second row at a 1366 px desk (docs/decisions/0015-invoice-screens.md).
 */
export function InvoiceSettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Settings className="h-4 w-4" aria-hidden="true" />
        Invoice Settings
      </Button>
      <InvoiceSettingsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
