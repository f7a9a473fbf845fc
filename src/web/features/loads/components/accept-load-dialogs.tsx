// Accept a load (spec §2): "Confirm Load Acceptance", then PATCH …/accept, then
// "Load Accepted Successfully" with the next steps. One flow for the card and the
// details dialog; errors are destructive toasts (spec §8).
import { useRef, useState, type ReactNode } from "react";
import { CheckCircle2 } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { LoadStatusBadge } from "../../../components/load-status-badge";
import { useAuth } from "../../auth/use-auth";
import { useAcceptLoad } from "../api";
import { acceptErrorMessage } from "../load-rules";

export function useAcceptLoadFlow(): { requestAccept: (load: Load) => void; dialogs: ReactNode } {
  const { user } = useAuth();
  const accept = useAcceptLoad();
  const [target, setTarget] = useState<Load | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [accepted, setAccepted] = useState<Load | null>(null);
  const [successOpen, setSuccessOpen] = useState(false);
  // One request per action (issue 15 #4): both clicks of a double click can arrive
  // before React re-renders the button as busy, so `accept.isPending` read from this
  // render is still false for the second; a ref is set at once.
  const inFlight = useRef(false);

  const requestAccept = (load: Load) => {
    if (inFlight.current) return;
    accept.reset();
    setTarget(load);
    setConfirmOpen(true);
  };

  const confirm = () => {
    if (!target || !user || inFlight.current) return;
    inFlight.current = true;
    accept.mutate(
      { loadId: target.id, userId: user.id },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (load) => {
          setConfirmOpen(false);
          setAccepted(load ?? target);
          setSuccessOpen(true);
        },
        onError: (err) => {
          setConfirmOpen(false);
          toast.error(acceptErrorMessage(err));
        },
      },
    );
  };

  const dialogs = (
    <>
      <Dialog
        open={confirmOpen}
        onOpenChange={(open) => !accept.isPending && setConfirmOpen(open)}
        title="Confirm Load Acceptance"
        description={target ? `Are you sure you want to accept Load #${target.loadNumber}? This action cannot be undone.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmOpen(false)} disabled={accept.isPending}>
              Cancel
            </Button>
            <Button variant="success" onClick={confirm} loading={accept.isPending}>
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

  return { requestAccept, dialogs };
}
