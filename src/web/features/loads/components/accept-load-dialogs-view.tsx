// The accept flow's two dialogs, split from useAcceptLoadFlow so the board's
// first load carries no dialog code: they load on the first Accept click.
import { CheckCircle2 } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { LoadStatusBadge } from "../../../components/load-status-badge";

export interface AcceptDialogsProps {
  target: Load | null;
  accepted: Load | null;
  confirmOpen: boolean;
  successOpen: boolean;
  pending: boolean;
  setConfirmOpen: (open: boolean) => void;
  setSuccessOpen: (open: boolean) => void;
  confirm: () => void;
}

export function AcceptLoadDialogs({ target, accepted, confirmOpen, successOpen, pending, setConfirmOpen, setSuccessOpen, confirm }: AcceptDialogsProps) {
  return (
    <>
      <Dialog
        open={confirmOpen}
        onOpenChange={(open) => !pending && setConfirmOpen(open)}
        title="Confirm Load Acceptance"
        description={target ? `Are you sure you want to accept Load #${target.loadNumber}? This action cannot be undone.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button variant="success" onClick={confirm} loading={pending}>
              Accept Load
            </Button>
          </>
        }
      />
      <Dialog
        open={successOpen}
        onOpenChange={setSuccessOpen}
        title={
          <span className="flex items-center gap-2">
            <CheckCircle2 className="h-6 w-6 text-green-700" aria-hidden="true" />
            Load Accepted Successfully
          </span>
        }
        description={accepted ? `Load #${accepted.loadNumber} is now "Waiting for Approval".` : undefined}
        footer={
          <Button onClick={() => setSuccessOpen(false)} className="w-full sm:w-auto">
            OK, Got It!
          </Button>
        }
      >
        {accepted && (
          <div className="space-y-4 text-sm text-slate-700">
            <p className="flex flex-wrap items-center gap-2">
              Status: <LoadStatusBadge status="accepted" />
            </p>
            <div>
              <h3 className="mb-2 font-semibold text-slate-900">Next steps</h3>
              <ol className="list-decimal space-y-1.5 pl-5">
                <li>An operator will contact you and mark the load as Approved.</li>
                <li>You will receive a purchase order number authorising you to start the job.</li>
                <li>Complete the POD after pickup and delivery.</li>
              </ol>
            </div>
          </div>
        )}
      </Dialog>
    </>
  
  );
}
