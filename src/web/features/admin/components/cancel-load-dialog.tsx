// Cancel Load asks once (ui.md: destructive actions ask once) with an optional reason
// that is kept in the load's history (contract PATCH /status {reason}).
import { useEffect, useState } from "react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";

export function CancelLoadDialog({
  load,
  onOpenChange,
  onConfirm,
  pending,
}: {
  load: Load | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
  pending: boolean;
}) {
  const [reason, setReason] = useState("");
  useEffect(() => {
    if (load) setReason("");
  }, [load]);
  return (
    <Dialog
      open={!!load}
      onOpenChange={onOpenChange}
      title={`Cancel Load #${load?.loadNumber ?? ""}`}
      description={`Are you sure you want to cancel Load #${load?.loadNumber ?? ""}? Carriers will no longer see it; you can Un-Cancel it later.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep Load
          </Button>
          <Button variant="destructive" loading={pending} onClick={() => onConfirm(reason.trim())}>
            Cancel Load
          </Button>
        </>
      }
    >
      <Field label="Reason (optional)" hint="Kept in the load's history.">
        <Textarea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </Dialog>
  );
}
