// An endpoint's delivery log: one row per
// attempt, newest first — outcome, event, attempt, HTTP status, time taken, when,
// the webhook-id the receiver saw, the error — and Retry, which sends that
// delivery again now (same webhook-id). A table at a desk, cards on a phone
// (ui.md, like the API tokens beside it). A manual retry starts the attempts
// again from 1 (its own back-off), so the webhook-id is what ties rows together.
import { useEffect } from "react";
import { RotateCw } from "lucide-react";
import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookAttempt } from "@contract/schemas/webhook";
import { Dialog } from "../../../components/ui/dialog";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ListStates } from "../list-states";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatAdminDateTime } from "../../../lib/format";
import { useDeliveries, useRefreshWebhooks, useRetryDelivery } from "./webhooks-api";

const OUTCOME: Record<WebhookAttempt["outcome"], { label: string; tone: BadgeTone }> = {
  delivered: { label: "Delivered", tone: "green" },
  retrying: { label: "Retrying", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
};

/** The outcome in words; the colour only repeats it (ui.md). */
export function OutcomeBadge({ outcome }: { outcome: WebhookAttempt["outcome"] }) {
  return <Badge tone={OUTCOME[outcome].tone}>{OUTCOME[outcome].label}</Badge>;
}

/** The header the receiver saw (webhook-delivery.ts: msg_<deliveryId>). */
const webhookId = (a: WebhookAttempt) => `msg_${a.deliveryId}`;
const answer = (a: WebhookAttempt) => (a.statusCode !== null ? `HTTP ${a.statusCode}` : "No answer");

function RetryButton({ attempt, onRetry, wide = false }: { attempt: WebhookAttempt; onRetry: (a: WebhookAttempt) => void; wide?: boolean }) {
  return (
    <Button variant="outline" size="sm" className={wide ? "w-full" : undefined} onClick={() => onRetry(attempt)}>
      <RotateCw className="h-4 w-4" aria-hidden="true" />
      Retry
      {/* the visible word starts the accessible name (WCAG 2.5.3) */}
      <span className="sr-only">
        {" "}
        {WEBHOOK_EVENT_LABELS[attempt.eventType]} attempt {attempt.attempt} of {formatAdminDateTime(attempt.createdAt)}
      </span>
    </Button>
  );
}

const TH = "px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 whitespace-nowrap";
const TD = "px-2 py-2 align-top";

function AttemptsTable({ rows, onRetry }: { rows: WebhookAttempt[]; onRetry: (a: WebhookAttempt) => void }) {
  return (
    <div className="hidden max-h-[60vh] overflow-auto rounded-lg border border-slate-200 md:block" tabIndex={0} role="region" aria-label="Delivery attempts">
      <table className="w-full border-collapse text-sm text-slate-800">
        <caption className="sr-only">Delivery attempts, newest first</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            <th scope="col" className={TH}>Outcome</th>
            <th scope="col" className={TH}>Event</th>
            <th scope="col" className={TH}>Attempt</th>
            <th scope="col" className={TH}>Answer</th>
            <th scope="col" className={`${TH} text-right`}>Took</th>
            <th scope="col" className={TH}>When</th>
            <th scope="col" className={TH}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((a) => (
            <tr key={a.id} data-testid="webhook-attempt-row">
              <td className={TD}><OutcomeBadge outcome={a.outcome} /></td>
              <td className={TD}>
                <span className="font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[a.eventType]}</span>
                <span className="block font-mono text-xs break-all text-slate-500" title="webhook-id">{webhookId(a)}</span>
                {a.error && <span className="block break-words text-red-700">{a.error}</span>}
                {a.nextRetryAt && <span className="block text-slate-600">Next try {formatAdminDateTime(a.nextRetryAt)}</span>}
              </td>
              <td className={`${TD} tabular`}>{a.attempt}</td>
              <td className={`${TD} whitespace-nowrap`}>{answer(a)}</td>
              <td className={`${TD} tabular text-right whitespace-nowrap`}>{a.durationMs.toLocaleString("en-GB")} ms</td>
              <td className={`${TD} whitespace-nowrap`}>{formatAdminDateTime(a.createdAt)}</td>
              <td className={`${TD} text-right`}><RetryButton attempt={a} onRetry={onRetry} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AttemptCards({ rows, onRetry }: { rows: WebhookAttempt[]; onRetry: (a: WebhookAttempt) => void }) {
  return (
    <ul className="divide-y divide-slate-100 md:hidden" aria-label="Delivery attempts">
      {rows.map((a) => (
        <li key={a.id} className="space-y-1 py-3 text-sm" data-testid="webhook-attempt">
          <p className="flex flex-wrap items-center gap-2">
            <OutcomeBadge outcome={a.outcome} />
            <span className="font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[a.eventType]}</span>
            <span className="text-slate-600">attempt {a.attempt}</span>
          </p>
          <p className="text-slate-700">
            {formatAdminDateTime(a.createdAt)} · {answer(a)} · {a.durationMs.toLocaleString("en-GB")} ms
          </p>
          {a.nextRetryAt && <p className="text-slate-600">Next try {formatAdminDateTime(a.nextRetryAt)}</p>}
          {a.error && <p className="break-words text-red-700">{a.error}</p>}
          <p className="font-mono text-xs break-all text-slate-500">{webhookId(a)}</p>
          <RetryButton attempt={a} onRetry={onRetry} wide />
        </li>
      ))}
    </ul>
  );
}

export function DeliveriesDialog({ endpoint, onOpenChange }: { endpoint: Webhook | null; onOpenChange: (open: boolean) => void }) {
  const log = useDeliveries(endpoint?.id ?? null);
  const retry = useRetryDelivery(endpoint?.id ?? "");
  const refreshList = useRefreshWebhooks();
  const rows = log.data ?? [];
  const newest = rows[0];
  // the card behind the dialog says "Last delivery …": keep it in step with the log
  useEffect(() => {
    if (newest && endpoint && (newest.createdAt !== endpoint.lastDelivery?.at || newest.outcome !== endpoint.lastDelivery?.outcome)) refreshList();
  }, [newest, endpoint, refreshList]);
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
      description={endpoint ? <span className="break-all">{endpoint.url}</span> : undefined}
      className="md:max-w-4xl!"
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <ListStates query={log} loading="Loading deliveries" failure="Could not load the deliveries." empty="No deliveries yet. They appear here within seconds of an event." isEmpty={rows.length === 0}>
        <AttemptsTable rows={rows} onRetry={(a) => void resend(a)} />
        <AttemptCards rows={rows} onRetry={(a) => void resend(a)} />
      </ListStates>
    </Dialog>
  );
}
