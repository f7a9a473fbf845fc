// Mark paid (contract: POST /api/invoices/{id}/paid {paidOn, paymentReference},
// staff, only an issued invoice) and the payment run (POST /api/invoices/paid
// {ids, paidOn, paymentReference}: each issued one paid, the rest reported as
// skipped). One dialog for both: the paid day (today unless changed) and the
// reference; then, for a run, a summary of what was paid and what was skipped and
// why, which stays until the user closes it (nothing of a run is lost off-screen).
import { useEffect, useRef, useState } from "react";
import { CheckCircle2 } from "lucide-react";
import type { BulkMarkPaidResult, Invoice } from "@contract/schemas/invoice";
import { ukDayKey } from "@contract/wall-clock";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { errorMessage, formatMoney } from "../../../lib/format";
import { useBulkMarkPaid, useMarkPaid } from "../api";
import { bulkSummary, formatDay, markPaidProblems, sumMoney } from "../invoice-format";

export function MarkPaidDialog({
  invoices,
  onOpenChange,
  onPaid,
}: {
  /** one invoice (its row's Mark paid) or the payment run's selection; null: closed */
  invoices: Invoice[] | null;
  onOpenChange: (open: boolean) => void;
  /** after a run: the ids no longer to keep selected (paid, or skipped as already paid/void) */
  onPaid?: (ids: string[]) => void;
}) {
  const open = !!invoices?.length;
  const run = (invoices?.length ?? 0) > 1;
  const [result, setResult] = useState<BulkMarkPaidResult | null>(null);
  // a fresh dialog every time it opens: no summary of the previous run
  useEffect(() => {
    if (open) setResult(null);
  }, [open, invoices]);
  const total = invoices ? sumMoney(invoices.map((i) => i.gross)) : 0;
  const title = result ? "Payment run recorded" : run ? `Mark ${invoices!.length} invoices as paid` : "Mark invoice as paid";
  const description = result
    ? bulkSummary(result.paid.length, result.skipped.length)
    : invoices && (run ? `${invoices.length} invoices, ${formatMoney(total)} in all.` : `Invoice ${invoices[0].number} to ${invoices[0].carrierName}: ${formatMoney(total)}.`);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {invoices &&
        (result ? (
          <RunSummary result={result} onDone={() => onOpenChange(false)} />
        ) : (
          <PaidForm
            invoices={invoices}
            onCancel={() => onOpenChange(false)}
            onDone={(r) => {
              if (r) {
                setResult(r);
                onPaid?.([...r.paid.map((p) => p.id), ...r.skipped.filter((s) => s.reason !== "beforeIssue").map((s) => s.id)]);
              } else {
                onPaid?.(invoices.map((i) => i.id));
                onOpenChange(false);
              }
            }}
          />
        ))}
    </Dialog>
  );
}

function PaidForm({ invoices, onCancel, onDone }: { invoices: Invoice[]; onCancel: () => void; onDone: (run: BulkMarkPaidResult | null) => void }) {
  const today = ukDayKey(Date.now());
  const [v, setV] = useState({ paidOn: today, paymentReference: "" });
  const [shown, setShown] = useState<Partial<Record<"paidOn" | "paymentReference", string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const single = useMarkPaid();
  const bulk = useBulkMarkPaid();
  const one = invoices.length === 1 ? invoices[0] : null;
  // the latest issue day of the run: a paid day before it is skipped for those invoices (the server says which)
  const problems = markPaidProblems(v, today, one?.issuedOn);
  const pending = single.isPending || bulk.isPending;

  const serverFieldErrors = (err: unknown) => {
    const details = err instanceof ApiError ? err.body?.details : undefined;
    const out: typeof shown = {};
    if (Array.isArray(details)) for (const d of details as { path: string; message: string }[]) if (d.path === "paidOn" || d.path === "paymentReference") out[d.path] ??= d.message;
    return out;
  };

  const submit = () => {
    setFailure(null);
    if (Object.keys(problems).length) {
      setShown(problems);
      return;
    }
    setShown({});
    const input = { paidOn: v.paidOn, paymentReference: v.paymentReference.trim() };
    const onError = (err: unknown) => {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setShown(fields);
      else setFailure(errorMessage(err, "The invoice could not be marked as paid. Please try again."));
    };
    if (one) {
      single.mutate(
        { id: one.id, ...input },
        {
          onSuccess: (inv) => {
            toast.success("Invoice paid", `${inv.number}: paid on ${formatDay(inv.paidOn)}, reference ${inv.paymentReference}`);
            onDone(null);
          },
          onError,
        },
      );
    } else {
      bulk.mutate({ ids: invoices.map((i) => i.id), ...input }, { onSuccess: (r) => onDone(r), onError });
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {invoices.length > 1 && (
        <ul className="max-h-40 overflow-y-auto rounded-md border border-slate-200 text-sm" aria-label="Invoices in this payment run">
          {invoices.map((i) => (
            <li key={i.id} className="flex justify-between gap-3 border-b border-slate-100 px-3 py-1.5 last:border-b-0">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{i.number}</span> · {i.carrierName}
              </span>
              <span className="tabular shrink-0">{formatMoney(i.gross)}</span>
            </li>
          ))}
        </ul>
      )}
      <Field label="Paid on" error={shown.paidOn} hint="The day the money left the bank (today unless you change it).">
        <Input type="date" value={v.paidOn} max={today} min={one?.issuedOn} onChange={(e) => setV({ ...v, paidOn: e.target.value })} />
      </Field>
      <Field label="Payment reference" error={shown.paymentReference} hint="As on the bank transfer, e.g. BACS-2026-11-25. The carrier sees it.">
        <Input value={v.paymentReference} maxLength={100} autoComplete="off" onChange={(e) => setV({ ...v, paymentReference: e.target.value })} />
      </Field>
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {invoices.length > 1 ? `Mark ${invoices.length} as paid` : "Mark as paid"}
        </Button>
      </div>
    </form>
  );
}

function RunSummary({ result, onDone }: { result: BulkMarkPaidResult; onDone: () => void }) {
  // the form's button that had focus is gone: the summary's Done takes it (the title above is read with the dialog)
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        {bulkSummary(result.paid.length, result.skipped.length)}
      </p>
      {result.paid.length > 0 && (
        <div>
          <h3 className="flex items-center gap-1.5 text-sm font-semibold text-emerald-800">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            Paid ({result.paid.length}, {formatMoney(sumMoney(result.paid.map((p) => p.gross)))})
          </h3>
          <ul className="mt-1 max-h-40 overflow-y-auto text-sm text-slate-800">
            {result.paid.map((p) => (
              <li key={p.id} className="[overflow-wrap:anywhere]">
                {p.number} · {p.carrierName} · <span className="tabular">{formatMoney(p.gross)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.skipped.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-amber-900">Skipped ({result.skipped.length})</h3>
          <ul className="mt-1 max-h-40 overflow-y-auto text-sm text-slate-800">
            {result.skipped.map((s) => (
              <li key={s.id}>
                {s.number ?? "Unknown invoice"}: {s.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div data-dialog-footer className="flex justify-end">
        <Button ref={done} onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
