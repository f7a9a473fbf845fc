// Approve asks for the PO number (PATCH /status {status:
// "approved", mandataNumber}): prefilled with the customer's PO already on the load,
// or the next PO-{year}-{5 digits}; editable; a number another load has comes back
// as 409 and is shown under the field.
import { useEffect, useState, type FormEvent } from "react";
import { loadStatusSchema, type Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { useNextPoNumber } from "../api/queries";
import { fieldError, useApproveLoad } from "../api/mutations";

export function ApproveLoadDialog({ load, userId, onOpenChange }: { load: Load | null; userId: string | undefined; onOpenChange: (open: boolean) => void }) {
  const open = !!load;
  const next = useNextPoNumber(open && !load?.mandataNumber);
  const approve = useApproveLoad();
  const [po, setPo] = useState("");
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | undefined>();

  // a fresh dialog for each load; the offered number fills the field until the user types
  useEffect(() => {
    if (!load) return;
    setPo(load.mandataNumber ?? "");
    setTouched(false);
    setError(undefined);
  }, [load]);
  useEffect(() => {
    if (load && !load.mandataNumber && !touched && next.data?.mandataNumber) setPo(next.data.mandataNumber);
  }, [load, touched, next.data]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!load || !userId || approve.isPending) return;
    // the contract's own check (length), with its words
    const parsed = loadStatusSchema.safeParse({ status: "approved", mandataNumber: po });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await approve.mutateAsync({ load, userId, mandataNumber: po });
      onOpenChange(false);
    } catch (err) {
      setError(fieldError(err, "mandataNumber"));
    }
  }

  const formId = "approve-load-form";
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !approve.isPending && onOpenChange(o)}
      title={`Approve Load #${load?.loadNumber ?? ""}`}
      description={
        load ? `Issue a PO number to ${load.acceptedByCarrier ?? "the carrier"}: the next number is offered; use the customer's own PO number if they have one.` : undefined
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={approve.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={approve.isPending}>
            Approve
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <Field label="PO Number" error={error} hint="Leave empty to issue the next number.">
          <Input
            value={po}
            onChange={(e) => {
              setPo(e.target.value);
              setTouched(true);
              setError(undefined);
            }}
            autoComplete="off"
            maxLength={60}
            placeholder={next.data?.mandataNumber ?? "PO-2026-00001"}
            className="tabular"
          />
        </Field>
      </form>
    </Dialog>
  );
}
