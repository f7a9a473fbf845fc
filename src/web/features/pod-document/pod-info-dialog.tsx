// POD Information viewer: status, signers, dates, Download POD, load
// summary; POD dates as dd/MM/yyyy HH:mm.
import type { ReactNode } from "react";
import { ArrowRight, Download, FileX } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { LoadStatusBadge } from "../../components/load-status-badge";
import { formatAdminDateTime, formatDate, formatMoney } from "../../lib/format";
import { PodStatusBadge } from "./pod-status-badge";

export interface PodInfoDialogProps {
  load: Load | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PodInfoDialog({ load, open, onOpenChange }: PodInfoDialogProps) {
  return (
    <Dialog
      open={open && !!load}
      onOpenChange={onOpenChange}
      title={load ? `POD Information - Load #${load.loadNumber}` : "POD Information"}
      className="sm:max-w-2xl!"
      footer={
        <>
          {load?.signedPaperworkUrl && (
            <a
              href={load.signedPaperworkUrl}
              download
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand-800 px-4 text-sm font-medium text-white hover:bg-brand-900"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Download POD
            </a>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </>
      }
    >
      {load && (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-slate-700">POD status</span>
            <PodStatusBadge load={load} />
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <Signatory title="Pickup" by={load.pickupSignedBy} date={load.pickupSignedDate} />
            <Signatory title="Delivery" by={load.deliverySignedBy} date={load.deliverySignedDate} />
          </div>

          {!load.signedPaperworkUrl && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <FileX className="h-4 w-4" aria-hidden="true" />
              No signed paperwork has been uploaded.
            </p>
          )}

          <section aria-labelledby="pod-info-summary" className="rounded-lg border border-slate-200 p-4">
            <h3 id="pod-info-summary" className="mb-3 text-base font-semibold text-slate-900">
              Load summary
            </h3>
            <p className="mb-3 flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
              {load.pickupCity}
              <ArrowRight className="h-4 w-4 text-slate-500" aria-label="to" />
              {load.deliveryCity}
            </p>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <Item label="Load number">{load.loadNumber}</Item>
              <Item label="Status">
                <LoadStatusBadge status={load.status} />
              </Item>
              <Item label="PO number">{load.mandataNumber || "—"}</Item>
              <Item label="Carrier">{load.acceptedByCarrier || "—"}</Item>
              <Item label="Pickup date">{formatDate(load.pickupDate)}</Item>
              <Item label="Delivery date">{formatDate(load.deliveryDate)}</Item>
              <Item label="Cargo">{load.cargoType || "—"}</Item>
              <Item label="Price">
                <span className="tabular">{formatMoney(load.price)}</span>
              </Item>
              {load.completedAt && <Item label="Completed">{formatAdminDateTime(load.completedAt)}</Item>}
            </dl>
          </section>
        </div>
      )}
    </Dialog>
  );
}

function Signatory({ title, by, date }: { title: string; by: string | null; date: string | null }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4" aria-label={`${title} signature`}>
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <dl className="space-y-1 text-sm">
        <Item label="Signed by">{by || <span className="text-slate-500">Not signed</span>}</Item>
        <Item label="Date">{date ? formatAdminDateTime(date) : "—"}</Item>
      </dl>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 sm:block">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
