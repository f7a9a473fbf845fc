// Staff correcting when the driver arrived at and left one stop (a phone pressed
// late, or nothing pressed at all): both times on the UK clock, and the reason
// that goes into the load's history beside the old and new times. An empty time
// clears it. The server's refusals show on the field they are about.
import { useState } from "react";
import { STOP_LABELS, type Stop, type StopRecord } from "@contract/schemas/claim";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { useCorrectStop } from "../api";
import { correctionErrorsOf, initialCorrection, readCorrection, type CorrectionErrors, type CorrectionText } from "./stop-correction-form";

export function CorrectStopDialog(props: { loadId: string; loadNumber: string; stop: Stop; record: StopRecord; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { loadId, loadNumber, stop, record, open, onOpenChange } = props;
  const correct = useCorrectStop(loadId);
  const [text, setText] = useState<CorrectionText>(() => initialCorrection(record));
  const [errors, setErrors] = useState<CorrectionErrors & { form?: string }>({});
  const set = (field: keyof CorrectionText) => (e: { target: { value: string } }) => setText((t) => ({ ...t, [field]: e.target.value }));

  function save() {
    const read = readCorrection(text, new Date());
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    correct.mutate(
      { stop, ...read.value },
      {
        onSuccess: () => {
          toast.success("Stop times corrected", `Load #${loadNumber}, ${STOP_LABELS[stop]}. The history shows the change.`);
          onOpenChange(false);
        },
        onError: (e) => setErrors(correctionErrorsOf(e)),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Correct times: Load #${loadNumber}, ${STOP_LABELS[stop]}`}
      description="UK time. Leave a time empty to clear it. The load's history keeps the old and new times with your reason."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button loading={correct.isPending} onClick={save}>
            Save times
          </Button>
        </>
      }
    >
      <form
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Field label="Arrived at" error={errors.arrivedAt}>
          <Input type="datetime-local" value={text.arrivedAt} onChange={set("arrivedAt")} />
        </Field>
        <Field label="Departed at" error={errors.departedAt}>
          <Input type="datetime-local" value={text.departedAt} onChange={set("departedAt")} />
        </Field>
        <Field label="Reason" error={errors.reason} hint="Why the times change, e.g. the driver pressed Arrived late." className="sm:col-span-2">
          <Textarea rows={2} maxLength={500} value={text.reason} onChange={set("reason")} />
        </Field>
      </form>
      {errors.form && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      )}
    </Dialog>
  );
}
