// "Send Available Loads Email" header button (POST
// /api/admin/send-available-loads-email; a toast when it fails). It emails every
// approved carrier, so it asks once before sending. The server queues the mail
// and answers at once; <MailBatchStatus /> then counts deliveries
// and failures as they happen, and only says "Email Sent" once every message
// was delivered.
import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Mail, X } from "lucide-react";
import { ApiError } from "../../../lib/api";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { MAIL_KEY, useBatchProgress, useCurrentBatch, useSendAvailableLoadsEmail, useSetCurrentBatch } from "../api/mail";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

export function SendLoadsEmailButton({ confirm = true }: { /** ask before sending (default) */ confirm?: boolean } = {}) {
  const [asking, setAsking] = useState(false);
  const setBatch = useSetCurrentBatch();
  const send = useSendAvailableLoadsEmail();
  const start = () =>
    send.mutate(undefined, {
      onSuccess: ({ totalLoads, queued, batchId }) => {
        setAsking(false);
        if (totalLoads === 0) {
          toast.info("No Email Sent", "There are no available loads to send.");
          return;
        }
        if (!batchId || queued === 0) {
          toast.info("No Email Sent", "There are no approved carriers to send to.");
          return;
        }
        setBatch({ batchId, totalLoads, queued });
      },
      onError: (e) => {
        setAsking(false);
        toast.error("Failed to send available loads email", e instanceof ApiError ? e.serverMessage : undefined);
      },
    });

  return (
    <>
      <Button variant="outline" loading={send.isPending} onClick={() => (confirm ? setAsking(true) : start())}>
        {!send.isPending && <Mail className="h-4 w-4" aria-hidden="true" />}
        Send Available Loads Email
      </Button>
      {confirm && (
        <Dialog
          open={asking}
          onOpenChange={(o) => !send.isPending && setAsking(o)}
          title="Send Available Loads Email"
          description="Every approved carrier receives one email listing all loads that are available now."
          footer={
            <>
              <Button variant="outline" onClick={() => setAsking(false)} disabled={send.isPending}>
                Cancel
              </Button>
              <Button onClick={start} loading={send.isPending}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                Send Email
              </Button>
            </>
          }
        />
      )}
    </>
  );
}

/**
 * The available-loads email this page queued, counted as it goes: delivered,
 * failed, and waiting for the mail server. "Email Sent" only when every
 * message was delivered; any failure says so and stays on screen.
 */
export function MailBatchStatus({ onShowFailed }: { onShowFailed?: () => void }) {
  const batch = useCurrentBatch();
  const setBatch = useSetCurrentBatch();
  const qc = useQueryClient();
  const progress = useBatchProgress(batch?.batchId ?? null);
  const announced = useRef<string | null>(null);
  const p = progress.data?.batchId === batch?.batchId ? progress.data : undefined;

  useEffect(() => {
    if (!batch || !p || p.queued > 0 || announced.current === batch.batchId) return;
    announced.current = batch.batchId;
    // the Failed Mail count in the header, at once
    void qc.invalidateQueries({ queryKey: MAIL_KEY });
    if (p.failed === 0) {
      toast.success("Email Sent", `Sent to ${plural(p.delivered, "carrier", "carriers")} (${plural(batch.totalLoads, "load", "loads")})`);
      setBatch(null);
    } else {
      toast.error("Failed to send available loads email", `${plural(p.failed, "email", "emails")} of ${p.total.toLocaleString("en-GB")} could not be delivered.`);
    }
  }, [batch, p, setBatch, qc]);

  if (!batch) return null;
  const total = p?.total ?? batch.queued;
  const delivered = p?.delivered ?? 0;
  const failed = p?.failed ?? 0;
  const retrying = p?.retrying ?? 0;
  const finished = !!p && p.queued === 0;
  const share = (n: number) => (total ? `${(n / total) * 100}%` : "0%");

  return (
    <div className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <div className="flex items-start gap-2">
        <div role="status" aria-live="polite" className="min-w-0 flex-1">
          <span className="font-medium">Available loads email:</span>{" "}
          <span className="tabular">
            {delivered.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")} delivered
          </span>
          {failed > 0 && <span className="tabular font-medium text-red-700"> · {failed.toLocaleString("en-GB")} failed</span>}
          {!finished && retrying > 0 && (
            <span className="text-amber-900"> · {retrying.toLocaleString("en-GB")} waiting for the mail server (retrying)</span>
          )}
          {!finished && retrying === 0 && <span className="text-slate-600"> · sending…</span>}
          {finished && failed > 0 && onShowFailed && (
            <>
              {" "}
              <button type="button" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900" onClick={onShowFailed}>
                View failed mail
              </button>
            </>
          )}
        </div>
        {finished && (
          <button
            type="button"
            className="-m-2 rounded-md p-2 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
            aria-label="Dismiss"
            onClick={() => setBatch(null)}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="mt-2 flex h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: share(delivered) }} />
        <div className="h-full bg-red-600 transition-[width]" style={{ width: share(failed) }} />
      </div>
    </div>
  );
}
