// An endpoint's delivery log (contract-beyond "Integrations"): one row per
// attempt, newest first — event, attempt, outcome, HTTP status, time taken, when,
// the error — and Retry, which sends that delivery again now (same webhook-id).
import { RotateCw } from "lucide-react";
import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookAttempt } from "@contract/schemas/webhook";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatAdminDateTime } from "../../../lib/format";
import { useDeliveries, useRetryDelivery } from "./webhooks-api";

const OUTCOME: Record<WebhookAttempt["outcome"], { label: string; cls: string }> = {
  delivered: { label: "Delivered", cls: "bg-green-100 text-green-800" },
  retrying: { label: "Retrying", cls: "bg-amber-100 text-amber-900" },
  failed: { label: "Failed", cls: "bg-red-100 text-red-800" },
};

export function OutcomeBadge({ outcome }: { outcome: WebhookAttempt["outcome"] }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME[outcome].cls}`}>{OUTCOME[outcome].label}</span>;
}

export function DeliveriesDialog({ endpoint, onOpenChange }: { endpoint: Webhook | null; onOpenChange: (open: boolean) => void }) {
  const log = useDeliveries(endpoint?.id ?? null);
  const retry = useRetryDelivery(endpoint?.id ?? "");
  const rows = log.data ?? [];
  async function resend(a: WebhookAttempt) {
    try {
      await retry.mutateAsync(a.id);
      toast.success(`${WEBHOOK_EVENT_LABELS[a.eventType]}: sending again`);
    } catch (err) {
      toast.error(errorMessage(err, "Could not retry the delivery. Please try again."));
    }
  }
  return (
    <Dialog
      open={!!endpoint}
      onOpenChange={onOpenChange}
      title="Delivery log"
      description={endpoint ? endpoint.url : undefined}
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      {log.isPending ? (
        <Spinner label="Loading deliveries" />
      ) : log.isError && !log.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          <span>Could not load the deliveries.</span>
          <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">No deliveries yet. They appear here within seconds of an event.</p>
      ) : (
        <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto" aria-label="Delivery attempts">
          {rows.map((a) => (
            <li key={a.id} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid="webhook-attempt">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <OutcomeBadge outcome={a.outcome} />
                  <span className="font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[a.eventType]}</span>
                  <span className="text-slate-500">attempt {a.attempt}</span>
                </p>
                <p className="text-slate-600">
                  {formatAdminDateTime(a.createdAt)} · {a.statusCode !== null ? `HTTP ${a.statusCode}` : "no answer"} · {a.durationMs} ms
                  {a.nextRetryAt && <> · next try {formatAdminDateTime(a.nextRetryAt)}</>}
                </p>
                {a.error && <p className="break-words text-red-700">{a.error}</p>}
              </div>
              <Button variant="outline" size="sm" onClick={() => void resend(a)} aria-label={`Retry ${WEBHOOK_EVENT_LABELS[a.eventType]} attempt ${a.attempt}`}>
                <RotateCw className="h-4 w-4" aria-hidden="true" />
                Retry
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
