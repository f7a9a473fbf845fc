// Webhooks, admins only, in the Integrations tab
// beside API tokens: the endpoints (URL, events, last delivery), Add webhook,
// Edit, Delete with a confirm, and each endpoint's delivery log. Cards at any
// width: an endpoint is a URL and a list of events, which a table cramps.
import { useState } from "react";
import { History, Pencil, Plus, Trash2 } from "lucide-react";
import type { Webhook } from "@contract/schemas/webhook";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListStates } from "../list-states";
import { toast } from "../../../components/ui/toast";
import { formatAdminDateTime } from "../../../lib/format";
import { useDeleteWebhook, useWebhooks } from "./webhooks-api";
import { WebhookDialog } from "./webhook-dialog";
import { DeliveriesDialog, OutcomeBadge } from "./deliveries-dialog";

export function WebhooksSection() {
  const list = useWebhooks();
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const rows = list.data ?? [];
  const open = (w: Webhook | null) => {
    setEditing(w);
    setFormOpen(true);
  };

  return (
    <section aria-labelledby="webhooks-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
            Webhooks
          </h2>
          <p className="text-sm text-slate-600">Tell another system the moment loads, bids, PODs and invoices change. Each delivery is signed (Standard Webhooks).</p>
        </div>
        <Button onClick={() => open(null)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add webhook
        </Button>
      </div>

      <ListStates query={list} loading="Loading webhooks" failure="Could not load the webhooks." empty="No webhooks yet. Add one for each system that should hear of changes." isEmpty={rows.length === 0}>
        <ul className="space-y-2" aria-label="Webhooks">
          {rows.map((w) => (
            <li key={w.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="webhook-row">
              <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
                <div className="min-w-0">
                  <p className="font-mono text-sm break-all text-slate-900">{w.url}</p>
                  {w.description && <p className="text-sm text-slate-600">{w.description}</p>}
                  <ul className="mt-1 flex flex-wrap gap-1" aria-label="Events">
                    {w.events.map((e) => (
                      <li key={e} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                        {e}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    {w.lastDelivery ? (
                      <>
                        Last delivery <OutcomeBadge outcome={w.lastDelivery.outcome} /> {formatAdminDateTime(w.lastDelivery.at)}
                        {" · "}
                        {w.lastDelivery.statusCode !== null ? `HTTP ${w.lastDelivery.statusCode}` : "no answer"}
                      </>
                    ) : (
                      "No deliveries yet"
                    )}
                  </p>
                </div>
                <div className="grid grid-cols-3 gap-2 md:flex md:shrink-0">
                  <Button variant="outline" size="sm" onClick={() => setViewing(w)} aria-label={`Delivery log of ${w.url}`}>
                    <History className="h-4 w-4" aria-hidden="true" />
                    Log
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => open(w)} aria-label={`Edit ${w.url}`}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(w)} aria-label={`Delete ${w.url}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </ListStates>

      <WebhookDialog open={formOpen} editing={editing} onOpenChange={setFormOpen} />
      <DeliveriesDialog endpoint={viewing ? (rows.find((r) => r.id === viewing.id) ?? viewing) : null} onOpenChange={(o) => !o && setViewing(null)} />
      <DeleteDialog endpoint={deleting} onOpenChange={(o) => !o && setDeleting(null)} />
    </section>
  );
}

function DeleteDialog({ endpoint, onOpenChange }: { endpoint: Webhook | null; onOpenChange: (open: boolean) => void }) {
  const del = useDeleteWebhook();
  return (
    <ConfirmDialog
      open={!!endpoint}
      onOpenChange={onOpenChange}
      title="Delete webhook?"
      description={endpoint ? `No more events go to ${endpoint.url}; its delivery log is deleted with it.` : undefined}
      confirmLabel="Delete webhook"
      pending={del.isPending}
      failure="Could not delete the webhook. Please try again."
      onConfirm={async () => {
        if (!endpoint) return;
        await del.mutateAsync(endpoint.id);
        toast.success("Webhook deleted");
      }}
    />
  );
}
