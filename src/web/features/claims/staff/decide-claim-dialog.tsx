// Staff deciding one claim: the stop's recorded times against the load's booked
// time, how they were backed, what was claimed; then Approve (the whole amount,
// or a lower one with a reason) or Reject (with a reason). Two staff at once: the
// second is told the claim has already been decided (the server's 409).
import { useState } from "react";
import { CLAIM_MSG, formatMinutes, type WaitingClaim } from "@contract/schemas/claim";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatCardDateTime, formatMoney } from "../../../lib/format";
import { useDecideClaim, useLoadWithStops } from "../api";
import { bookedTime } from "../claim-form/load-stops-panel";
import { evidenceLabel, stopWord } from "../claim-words";
import { readDecision } from "./decision-form";

export function DecideClaimDialog({ claim, open, onOpenChange }: { claim: WaitingClaim; open: boolean; onOpenChange: (open: boolean) => void }) {
  const decide = useDecideClaim();
  const load = useLoadWithStops(claim.loadId, open);
  const [amount, setAmount] = useState(claim.amount.toFixed(2));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  function run(kind: "approve" | "reject") {
    const read = readDecision(kind, { amount, reason }, claim.amount);
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setRefusal(null);
    decide.mutate(
      { id: claim.id, ...read.value },
      {
        onSuccess: (c) => {
          toast.success(c.status === "approved" ? `Claim approved: ${formatMoney(c.decidedAmount ?? c.amount)}` : "Claim rejected", `Load #${c.loadNumber}, waiting at ${stopWord(c)}`);
          onOpenChange(false);
        },
        onError: (e) => setRefusal(errorMessage(e, "The decision could not be saved. Please try again.")),
      },
    );
  }

  const booked = load.data ? bookedTime(load.data, claim.stop) : load.isError ? "Could not load the booked time" : "Loading...";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Waiting-time claim: Load #${claim.loadNumber}, ${stopWord(claim)}`}
      description="Check the times against the booked time and how they were recorded, then decide."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" loading={decide.isPending && decide.variables?.decision === "reject"} disabled={decide.isPending} onClick={() => run("reject")}>
            Reject
          </Button>
          <Button variant="success" loading={decide.isPending && decide.variables?.decision === "approve"} disabled={decide.isPending} onClick={() => run("approve")}>
            Approve
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5 text-sm" data-testid="decide-facts">
        <dt className="text-slate-600">Company</dt>
        <dd className="font-medium wrap-anywhere">{claim.companyName}</dd>
        <dt className="text-slate-600">Booked</dt>
        <dd>{booked}</dd>
        <dt className="text-slate-600">Arrived</dt>
        <dd>{formatCardDateTime(claim.arrivedAt)}</dd>
        <dt className="text-slate-600">Left</dt>
        <dd>{formatCardDateTime(claim.departedAt)}</dd>
        <dt className="text-slate-600">Evidence</dt>
        <dd className="font-medium">{evidenceLabel(claim)}</dd>
        <dt className="text-slate-600">Waited</dt>
        <dd className="tabular">
          {formatMinutes(claim.minutes)}, {formatMinutes(claim.chargeableMinutes)} chargeable
        </dd>
        <dt className="text-slate-600">Claimed</dt>
        <dd className="font-semibold tabular">{formatMoney(claim.amount)}</dd>
        {claim.note && (
          <>
            <dt className="text-slate-600">Carrier's note</dt>
            <dd className="wrap-anywhere">{claim.note}</dd>
          </>
        )}
      </dl>
      <div className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Field label="Amount to approve (£)" error={errors.amount} hint="Lower it to pay less than claimed.">
          <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className="tabular" />
        </Field>
        <Field label="Reason" error={errors.reason} hint={`Needed to reject, or to approve less than ${formatMoney(claim.amount)}.`}>
          <Textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </div>
      {refusal && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal === CLAIM_MSG.notPending ? `${refusal}. Close this and look at the list again.` : refusal}
        </p>
      )}
    </Dialog>
  );
}
