// A statement's period and its two downloads (contract: GET /api/invoices/statement
// ?from&to&format=pdf|csv, staff with companyId): every invoice issued in the period
// with a running total. Plain download links (the browser saves the file, the
// session cookie goes with it); the period is checked here first, so a link is only
// live when the server would answer with a file rather than an error page.
import { useId, useState } from "react";
import { FileDown, FileSpreadsheet } from "lucide-react";
import { ukDayKey } from "@contract/wall-clock";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { defaultStatementPeriod, statementProblem, statementUrl } from "../invoice-format";

const LINK = "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium whitespace-nowrap";

export function StatementForm({
  companyId,
  companyName,
  missingCompany,
}: {
  /** staff: the company chosen (required by the server) */
  companyId?: string;
  /** for the links' accessible names */
  companyName?: string;
  /** staff: why there is no statement yet (no company chosen) */
  missingCompany?: string;
}) {
  const id = useId();
  const [period, setPeriod] = useState(() => defaultStatementPeriod(ukDayKey(Date.now())));
  const problem = statementProblem(period.from, period.to);
  const blocked = problem?.message ?? missingCompany;
  const of = companyName ? ` for ${companyName}` : "";
  const link = (format: "pdf" | "csv") => {
    const Icon = format === "pdf" ? FileDown : FileSpreadsheet;
    const words = format === "pdf" ? "Download PDF" : "Download CSV";
    const tone = format === "pdf" ? "bg-brand-800 text-white hover:bg-brand-900" : "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50";
    if (blocked) {
      // a link with no address is not a control: a disabled button says it cannot be used now, and why
      return (
        <button type="button" disabled aria-describedby={`${id}-why`} className={cn(LINK, "cursor-not-allowed border border-slate-200 bg-slate-100 text-slate-500")}>
          <Icon className="h-4 w-4" aria-hidden="true" />
          {words}
          <span className="sr-only"> statement{of}</span>
        </button>
      );
    }
    return (
      <a href={statementUrl({ ...period, format, companyId })} download className={cn(LINK, tone)}>
        <Icon className="h-4 w-4" aria-hidden="true" />
        {words}
        <span className="sr-only"> statement{of}</span>
      </a>
    );
  };
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_12rem]">
        <Field label="From" error={problem?.field === "from" && period.from ? problem.message : undefined}>
          <Input type="date" value={period.from} max={period.to || undefined} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
        </Field>
        <Field label="To" error={problem?.field === "to" && period.to ? problem.message : undefined}>
          <Input type="date" value={period.to} min={period.from || undefined} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
        </Field>
      </div>
      <div className="grid gap-2 sm:flex sm:flex-wrap">
        {link("pdf")}
        {link("csv")}
      </div>
      <p id={`${id}-why`} className={cn("text-sm", blocked ? "text-slate-700" : "text-slate-600")} aria-live="polite">
        {blocked ?? "Every invoice issued in the period, with a running total. Void invoices are listed but not counted."}
      </p>
    </div>
  );
}
