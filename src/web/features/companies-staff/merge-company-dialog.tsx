// "Merge into another company…" (contract POST /api/companies/{id}/merge {intoId},
// staff; e.g. "Smith Haulage" into "Smith Haulage Ltd"). Two steps: choose
// the company that stays, then confirm in words what moves and that it is final.
import { useEffect, useRef, useState } from "react";
import { AlertTriangle } from "lucide-react";
import { companyMergeSchema, type Company } from "@contract/schemas/company";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useMergeCompany } from "./api";
import { CompanyPicker } from "./company-picker";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** What a merge moves, said before it happens (exported for the journey's wording check). */
export function mergeSummary(from: Pick<Company, "name" | "memberCount">, into: Pick<Company, "name">, documents: number): string {
  return (
    `Everything of ${from.name} moves to ${into.name}: ${plural(from.memberCount, "member", "members")}, ` +
    `their bookings and ${plural(documents, "document", "documents")}. ` +
    `${into.name} keeps its name, and ${from.name} is removed. This cannot be undone.`
  );
}

export function MergeCompanyDialog({
  company,
  documents,
  open,
  onOpenChange,
  onMerged,
}: {
  company: Company;
  /** how many documents the company has on file */
  documents: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the surviving company, to show in place of the merged one */
  onMerged: (survivor: Company) => void;
}) {
  const merge = useMergeCompany({
    onMerged: (survivor) => {
      onOpenChange(false);
      onMerged(survivor);
    },
  });
  const [into, setInto] = useState<Company | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Back from the question: focus returns to the search box it replaced
  const [cameBack, setCameBack] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const back = useRef<HTMLButtonElement>(null);
  // the question appears in place of the picker: focus moves to its safe answer, so an
  // Enter pressed twice on Continue never merges
  useEffect(() => {
    if (confirming) back.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (open) {
      setInto(null);
      setConfirming(false);
      setCameBack(false);
      setError(undefined);
    }
  }, [open]);

  const next = () => {
    const parsed = companyMergeSchema.safeParse({ intoId: into?.id ?? "" });
    if (!parsed.success || !into) setError(parsed.error?.issues[0]?.message ?? "Please choose the company to merge into");
    else setConfirming(true);
  };

  const footer = confirming ? (
    <>
      {/* a destructive question starts on the safe answer */}
      <Button
        key="back"
        ref={back}
        variant="outline"
        onClick={() => {
          setConfirming(false);
          setCameBack(true);
        }}
        data-autofocus
      >
        Back
      </Button>
      <Button
        key="merge"
        variant="destructive"
        loading={merge.isPending}
        onClick={() =>
into && merge.mutate({ from: company, into })
        }
      >
        Merge companies
      </Button>
    </>
  ) : (
    <>
      <Button key="cancel" variant="outline" onClick={() => onOpenChange(false)}>
        Cancel
      </Button>
      <Button key="continue" onClick={next}>
        Continue
      </Button>
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={confirming && into ? `Merge ${company.name} into ${into.name}?` : `Merge ${company.name} into another company`}
      description={confirming ? undefined : `Choose the company that stays. ${company.name} is folded into it.`}
      footer={footer}
    >
      {confirming && into ? (
        <div role="alert" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
          <p>{mergeSummary(company, into, documents)}</p>
        </div>
      ) : (
        <CompanyPicker
          label="Merge into"
          value={into}
          onChange={(c) => {
            setInto(c);
            setError(undefined);
          }}
          exclude={company.id}
          error={error}
          autoFocus={cameBack}
        />
      )}
    </Dialog>
  );
}
