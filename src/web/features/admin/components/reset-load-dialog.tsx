// Reset to Available asks once (ui.md: destructive actions ask once), with why: "Carrier
// withdrew" counts as a hand-back on the carrier's scorecard (contract: scorecards), any
// other reason is only kept in the load's history, and none may be given.
// PATCH /api/loads/{id}/reset-to-available {reason?}.
import { useEffect, useId, useState } from "react";
import type { Load } from "@contract/schemas/load";
import { CARRIER_WITHDREW } from "@contract/schemas/scorecard";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";

type Choice = "withdrew" | "other" | "none";

const CHOICES: { value: Choice; label: string; hint: string }[] = [
  { value: "withdrew", label: "Carrier withdrew", hint: "The carrier gave the load back: counted as a hand-back on their scorecard." },
  { value: "other", label: "Another reason", hint: "Kept in the load's history; not a hand-back." },
  { value: "none", label: "No reason given", hint: "Not a hand-back." },
];

/** The reason sent with the reset: "carrier withdrew", the words typed, or none. */
export function resetReason(choice: Choice, other: string): string | undefined {
  if (choice === "withdrew") return CARRIER_WITHDREW;
  if (choice === "other") return other.trim() || undefined;
  return undefined;
}

export function ResetLoadDialog({
  load,
  onOpenChange,
  onConfirm,
  pending,
}: {
  load: Load | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string | undefined) => void;
  pending: boolean;
}) {
  const [choice, setChoice] = useState<Choice>("none");
  const [other, setOther] = useState("");
  const name = useId();
  useEffect(() => {
    if (load) {
      setChoice("none");
      setOther("");
    }
  }, [load]);
  const holder = load?.acceptedByCarrier ? `${load.acceptedByCarrier} will no longer hold it.` : "";
  return (
    <Dialog
      open={!!load}
      onOpenChange={onOpenChange}
      title={`Reset Load #${load?.loadNumber ?? ""} to Available`}
      description={`Load #${load?.loadNumber ?? ""} goes back on the board for every carrier. ${holder}`.trim()}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep Load
          </Button>
          <Button variant="destructive" loading={pending} onClick={() => onConfirm(resetReason(choice, other))}>
            Reset to Available
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Reason</legend>
        {CHOICES.map((c) => (
          <label
            key={c.value}
            className={cn(
              "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm",
              choice === c.value ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
            )}
          >
            <input type="radio" name={name} value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} className="mt-0.5 h-4 w-4 accent-brand-800" />
            <span>
              <span className="block font-medium text-slate-900">{c.label}</span>
              <span className="block text-slate-600">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === "other" && (
        <Field label="Other reason" hint="Kept in the load's history." className="mt-3">
          <Input value={other} maxLength={500} onChange={(e) => setOther(e.target.value)} autoFocus />
        </Field>
      )}
    </Dialog>
  );
}
