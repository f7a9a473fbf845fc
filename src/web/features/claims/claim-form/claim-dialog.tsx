// The carrier's claim for waiting time at one stop: the recorded times, how long
// that was, the free time and what it comes to, then Send claim. The server
// prices the claim itself from the recorded stop; what it answers is what counts,
// and a refusal is shown in its words (the contract's reasons).
import { useState } from "react";
import { CLAIM_MSG, STOP_EVIDENCE_LABELS, STOP_LABELS, formatMinutes, type Stop, type StopRecord, type WaitingTimeSettings } from "@contract/schemas/claim";
import { Dialog, CancelAnd } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatCardDateTime, formatMoney } from "../../../lib/format";
import { useSubmitClaim } from "../api";
import { claimWindowEnds, previewClaim, waitedMinutes } from "./claim-preview";

export function ClaimDialog({
  loadId,
  loadNumber,
  stop,
  record,
  terms,
  open,
  onOpenChange,
}: {
  loadId: string;
  loadNumber: string;
  stop: Stop;
  record: StopRecord & { arrivedAt: string; departedAt: string };
  /** the network's terms when the server shares them; without them the amount is the server's to say */
  terms?: WaitingTimeSettings;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const submit = useSubmitClaim(loadId);
  const [note, setNote] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = terms ? previewClaim(record.arrivedAt, record.departedAt, terms) : null;
  const minutes = preview?.minutes ?? waitedMinutes(record.arrivedAt, record.departedAt);
  const nothing = preview != null && preview.amount === 0;

  function send() {
    setRefusal(null);
    submit.mutate(
      { stop, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (claim) => {
          toast.success("Claim sent", `${formatMoney(claim.amount)} for waiting at ${STOP_LABELS[stop]} on Load #${loadNumber}. The office will decide.`);
          onOpenChange(false);
        },
        onError: (e) => setRefusal(errorMessage(e, "The claim could not be sent. Please try again.")),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Claim waiting time at ${STOP_LABELS[stop]}`}
      description={`Load #${loadNumber}: the office pays the waiting beyond the free time at the network's rate.`}
      footer={
        <CancelAnd onCancel={() => onOpenChange(false)}>
          <Button onClick={send} loading={submit.isPending} disabled={nothing}>
            Send claim
          </Button>
        </CancelAnd>
      }
    >
      <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-2 text-sm" data-testid="claim-preview">
        <dt className="text-slate-600">Arrived</dt>
        <dd className="text-slate-900">{formatCardDateTime(record.arrivedAt)}</dd>
        <dt className="text-slate-600">Left</dt>
        <dd className="text-slate-900">{formatCardDateTime(record.departedAt)}</dd>
        <dt className="text-slate-600">Evidence</dt>
        <dd className="text-slate-900">{record.evidence ? STOP_EVIDENCE_LABELS[record.evidence] : "—"}</dd>
        <dt className="text-slate-600">Waited</dt>
        <dd className="font-medium text-slate-900 tabular">{formatMinutes(minutes)}</dd>
        {terms && preview && (
          <>
            <dt className="text-slate-600">Free time</dt>
            <dd className="text-slate-900 tabular">{formatMinutes(terms.freeMinutes)}</dd>
            <dt className="text-slate-600">Chargeable</dt>
            <dd className="text-slate-900 tabular">
              {formatMinutes(preview.chargeableMinutes)}
              {preview.chargeableMinutes === terms.maxHours * 60 && <span className="text-slate-600"> (the most paid: {terms.maxHours} h)</span>}
            </dd>
            <dt className="text-slate-600">Rate</dt>
            <dd className="text-slate-900 tabular">{formatMoney(terms.ratePerHour)} an hour</dd>
            <dt className="text-slate-600">Amount</dt>
            <dd className="text-lg font-bold text-slate-900 tabular" data-testid="claim-amount">
              {formatMoney(preview.amount)}
            </dd>
            <dt className="text-slate-600">Claim by</dt>
            <dd className="text-slate-900">{formatCardDateTime(claimWindowEnds(record.departedAt, terms.claimDays))}</dd>
          </>
        )}
      </dl>
      {!terms && <p className="mt-3 text-sm text-slate-700">The office's terms (free time, rate and the most paid) price the claim when you send it; you will see the amount then.</p>}
      {nothing && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {CLAIM_MSG.nothingChargeable}
        </p>
      )}
      <Field label="Note for the office (optional)" className="mt-4">
        <Textarea rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. Waited for the crane" />
      </Field>
      {refusal && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="claim-refusal">
          {refusal}
        </p>
      )}
    </Dialog>
  );
}
