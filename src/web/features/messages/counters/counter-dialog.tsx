// Staff's Counter on a pending bid: the amount, how long the offer stands (5 to
// 1,440 minutes, 60 unless changed) and an optional note for the bidder. The
// contract's messages show under their fields; the server's refusal (the bid is
// no longer pending, the load went) above the buttons.
import { useState, type FormEvent } from "react";
import { COUNTER_EXPIRY_DEFAULT_MINUTES, COUNTER_EXPIRY_MAX_MINUTES, COUNTER_EXPIRY_MIN_MINUTES, type BidWithCarrier } from "@contract/schemas/bid";
import { Button } from "../../../components/ui/button";
import { CancelAnd, Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatMoney } from "../../../lib/format";
import { useCounterBid } from "./counter-api";
import { parseCounterForm, type CounterFormValues } from "./counter-words";

const EMPTY: CounterFormValues = { amount: "", expiresInMinutes: String(COUNTER_EXPIRY_DEFAULT_MINUTES), note: "" };

export function CounterDialog({ bid, open, onOpenChange }: { bid: BidWithCarrier; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CounterFormValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const counter = useCounterBid();
  const formId = `counter-form-${bid.id}`;
  const who = bid.carrierName ?? "the carrier";

  const set = (k: keyof CounterFormValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const close = (o: boolean) => {
    if (counter.isPending) return;
    if (!o) {
      setValues(EMPTY);
      setErrors({});
      setFailure(null);
    }
    onOpenChange(o);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = parseCounterForm(values);
    if ("errors" in parsed) {
      setErrors(parsed.errors);
      return;
    }
    counter.mutate(
      { bidId: bid.id, input: parsed.input },
      {
        onSuccess: () => {
          toast.success("Counter-offer sent", `${who} can accept ${formatMoney(parsed.input.amount)} until the offer expires.`);
          close(false);
        },
        onError: (err) => setFailure(errorMessage(err, "The counter-offer could not be sent.")),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Counter-offer"
      description={`${who} bid ${formatMoney(bid.bidAmount)}. Offer them another amount; they accept, decline or bid again.`}
      footer={
        <CancelAnd onCancel={() => close(false)}>
          <Button type="submit" form={formId} loading={counter.isPending}>
            Send counter-offer
          </Button>
        </CancelAnd>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <Field label="Counter amount (£)" error={errors.amount}>
          <Input inputMode="decimal" value={values.amount} onChange={set("amount")} autoComplete="off" />
        </Field>
        <Field
          label="Expires in (minutes)"
          error={errors.expiresInMinutes}
          hint={`Between ${COUNTER_EXPIRY_MIN_MINUTES} and ${COUNTER_EXPIRY_MAX_MINUTES.toLocaleString("en-GB")} minutes; after that the bid goes back to pending.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={COUNTER_EXPIRY_MIN_MINUTES}
            max={COUNTER_EXPIRY_MAX_MINUTES}
            step={1}
            value={values.expiresInMinutes}
            onChange={set("expiresInMinutes")}
          />
        </Field>
        <Field label="Note (optional)" error={errors.note}>
          <Textarea value={values.note} onChange={set("note")} rows={2} maxLength={1000} />
        </Field>
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  );
}
