// Place Bid / Update Bid dialog: one pending bid per load (a second bid updates it),
// the bid rules below, POST /api/bids, and "Bid Submission Failed" when it fails.
import { useEffect, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { ArrowDownRight, ArrowRight, ArrowUpRight, Equal } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import type { OwnBid } from "@contract/schemas/bid";
import { MSG } from "@contract/messages";
import { parsePounds } from "@contract/pounds";
import { bidAmountProblem, bidFigures, listedPriceOf } from "../bid-figures";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatMiles, formatMoney, formatRate } from "../../../lib/format";
import { useSubmitBid } from "../api";
import { LaneRateHint } from "../../rates";

export interface BidDialogProps {
  load: Load;
  /** the caller's pending bid on this load: update mode, pre-filled */
  pendingBid?: OwnBid;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const NOTES_MAX = 1000;

// Amount at least 0.01, at most £1,000,000 and at most 10× the load's listed price
// (the rule named, as POST /api/bids names it); notes optional (trimmed and omitted
// when empty on send). Typed the way people write pounds: "1,100" is £1,100.
export const bidFormSchemaFor = (load: { price: number | null | undefined }) =>
  z.object({
    amount: z.string().superRefine((v, ctx) => {
      const pounds = v.trim() === "" ? 0 : parsePounds(v);
      if (pounds === null) ctx.addIssue({ code: "custom", message: MSG.bidAmountFormat });
      else if (pounds < 0.01) ctx.addIssue({ code: "custom", message: MSG.bidAmount });
      else {
        const tooHigh = bidAmountProblem(pounds, load);
        if (tooHigh) ctx.addIssue({ code: "custom", message: tooHigh });
      }
    }),
    notes: z.string().max(NOTES_MAX, `Notes can be at most ${NOTES_MAX} characters`),
  });
/** the form's checks on a load with no listed price */
export const bidFormSchema = bidFormSchemaFor({ price: null });
type BidForm = z.infer<typeof bidFormSchema>;

const EMPTY: BidForm = { amount: "", notes: "" };

export function BidDialog({ load, pendingBid, open, onOpenChange }: BidDialogProps) {
  const formId = useId();
  const differenceId = useId();
  const updating = !!pendingBid;
  const submit = useSubmitBid();
  const formSchema = useMemo(() => bidFormSchemaFor({ price: load.price }), [load.price]);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<BidForm>({ resolver: zodResolver(formSchema), mode: "onChange", defaultValues: EMPTY });

  // update mode opens pre-filled with the pending bid; a new bid opens empty
  const pendingId = pendingBid?.id;
  useEffect(() => {
    if (!open) return;
    reset(pendingBid ? { amount: pendingBid.bidAmount.toFixed(2), notes: pendingBid.notes ?? "" } : EMPTY);
    // only when the dialog opens or the bid it edits changes: a poll must not wipe what is being typed
  }, [open, pendingId, reset]);

  const amountText = watch("amount");
  const amount = parsePounds(amountText) ?? NaN;
  const canSubmit = Number.isFinite(amount) && amount > 0; // submit enabled only when amount above 0
  const diff = canSubmit ? bidFigures(amount, load) : null;
  const reference = listedPriceOf(load);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const notes = values.notes.trim();
      const { created } = await submit.mutateAsync({
        loadId: load.id,
        bidAmount: Math.round((parsePounds(values.amount) ?? 0) * 100) / 100,
        ...(notes ? { notes } : {}),
      });
      // 201 = a new bid, 200 = the pending bid was updated (contract)
      toast.success(created ? "Bid Submitted" : "Bid Updated");
      reset(EMPTY);
      onOpenChange(false);
    } catch (err) {
      toast.error("Bid Submission Failed", errorMessage(err, "Failed to submit bid. Please try again."));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!submit.isPending) onOpenChange(next);
      }}
      title={updating ? "Update Bid" : "Place Bid"}
      description={
        <>
          Load #{load.loadNumber} · {load.pickupCity} <ArrowRight className="inline h-3.5 w-3.5" aria-label="to" role="img" />{" "}
          {load.deliveryCity}
        </>
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!canSubmit} loading={submit.isPending}>
            {updating ? "Update Bid" : "Submit Bid"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Listed price</dt>
            <dd className="tabular text-base font-semibold text-slate-900">{formatMoney(load.price)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Rate</dt>
            <dd className="tabular font-medium text-slate-900">{formatRate(load.ratePerMile)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Distance</dt>
            <dd className="tabular font-medium text-slate-900">{formatMiles(load.distance)}</dd>
          </div>
          {pendingBid && (
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-slate-600">Your current bid</dt>
              <dd className="tabular font-medium text-purple-800">{formatMoney(pendingBid.bidAmount)}</dd>
            </div>
          )}
        </dl>

        {/* the lane rate, asked by load, since a carrier does not see its postcodes
            before approval; the towns are in the title, so the postcode areas are not repeated */}
        <LaneRateHint ask={{ loadId: load.id }} distance={load.distance} showLane={false} />

        <Field label="Bid Amount (£)" error={errors.amount?.message}>
          {/* text with a decimal keypad, not type="number": a number field cannot hold "1,100" */}
          <Input
            type="text"
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            className="tabular"
            {...register("amount")}
          />
        </Field>

        <div id={differenceId} aria-live="polite" className="min-h-5 text-sm">
          {diff ? (
            <DifferenceLine pounds={diff.pounds} percent={diff.percent} reference={diff.reference} />
          ) : reference === null ? (
            <p className="text-slate-600">This load has no listed price to compare your bid with.</p>
          ) : (
            <p className="text-slate-600">
              Listed price: <span className="tabular font-medium">{formatMoney(reference)}</span>
            </p>
          )}
        </div>

        <Field label="Notes (optional)" error={errors.notes?.message}>
          <Textarea rows={3} maxLength={NOTES_MAX} placeholder="Availability, vehicle, anything the office should know" {...register("notes")} />
        </Field>
      </form>
    </Dialog>
  );
}

/** "£50.00 (7.4%) above the listed price": the difference in pounds and percent (one decimal). */
function DifferenceLine({ pounds, percent, reference }: { pounds: number; percent: number; reference: number }) {
  const pct = `${Math.abs(percent).toFixed(1)}%`;
  const base = (
    <span className="text-slate-600">
      {" "}
      (listed price <span className="tabular">{formatMoney(reference)}</span>)
    </span>
  );
  if (pounds === 0) {
    return (
      <p className="flex items-start gap-1.5 text-slate-800">
        <Equal className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Matches the listed price{base}
        </span>
      </p>
    );
  }
  const above = pounds > 0;
  const Icon = above ? ArrowUpRight : ArrowDownRight;
  return (
    <p className={`flex items-start gap-1.5 ${above ? "text-orange-800" : "text-green-800"}`}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="tabular font-semibold">
          {formatMoney(Math.abs(pounds))} ({pct})
        </span>{" "}
        {above ? "above" : "below"} the listed price{base}
      </span>
    </p>
  );
}
