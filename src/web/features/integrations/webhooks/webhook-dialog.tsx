// Add or edit a webhook endpoint (contract-beyond "Integrations"): the URL, the
// events as checkboxes, a description; after adding, the signing secret shown
// this once with a Copy button (the receiver verifies signatures with it).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Copy, TriangleAlert, Webhook as WebhookIcon } from "lucide-react";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_MSG, type Webhook, type WebhookCreated, type WebhookEvent } from "@contract/schemas/webhook";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/format";
import { ApiError } from "../../../lib/api";
import { useSaveWebhook } from "./webhooks-api";

type Errors = Partial<Record<"url" | "events" | "description" | "form", string>>;

/** `editing`: the endpoint to change; null: a new one. */
export function WebhookDialog({ open, editing, onOpenChange }: { open: boolean; editing: Webhook | null; onOpenChange: (open: boolean) => void }) {
  const save = useSaveWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<WebhookCreated | null>(null);

  useEffect(() => {
    if (!open) return;
    setUrl(editing?.url ?? "");
    setEvents(editing?.events ?? []);
    setDescription(editing?.description ?? "");
    setErrors({});
    setCreated(null);
  }, [open, editing]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) next.url = url.trim() ? WEBHOOK_MSG.urlScheme : WEBHOOK_MSG.url;
    if (!events.length) next.events = WEBHOOK_MSG.events;
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const res = await save.mutateAsync({ id: editing?.id, input: { url: url.trim(), events, description: description.trim() || null } });
      if (editing) onOpenChange(false);
      else setCreated(res as WebhookCreated);
    } catch (err) {
      const details = err instanceof ApiError ? (err.body?.details as { path: string; message: string }[] | undefined) : undefined;
      const byField: Errors = {};
      if (Array.isArray(details)) for (const d of details) byField[d.path.split(".")[0] as keyof Errors] ??= d.message;
      setErrors(Object.keys(byField).length ? byField : { form: errorMessage(err, "Could not save the webhook. Please try again.") });
    }
  }

  if (created) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Copy the signing secret"
        description={`Events go to ${created.url}. The receiver checks each delivery's webhook-signature with this secret (Standard Webhooks).`}
        footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
      >
        <SecretShownOnce secret={created.secret} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit webhook" : "Add webhook"}
      description="We POST each chosen event to this URL, signed, and retry for about 18 hours if it does not answer 2xx."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="webhook-form" loading={save.isPending}>
            <WebhookIcon className="h-4 w-4" aria-hidden="true" />
            {editing ? "Save webhook" : "Add webhook"}
          </Button>
        </>
      }
    >
      <form id="webhook-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <Field label="URL" error={errors.url} hint="e.g. https://tms.example.com/hooks/load-board">
          <Input type="url" inputMode="url" value={url} maxLength={2000} autoComplete="off" onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <fieldset aria-describedby={errors.events ? "webhook-events-error" : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-800">Events</legend>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((ev) => (
              <Checkbox
                key={ev}
                checked={events.includes(ev)}
                onCheckedChange={(c) => setEvents((cur) => (c === true ? [...cur, ev] : cur.filter((x) => x !== ev)))}
                label={
                  <span>
                    {WEBHOOK_EVENT_LABELS[ev]} <code className="text-xs text-slate-500">{ev}</code>
                  </span>
                }
              />
            ))}
          </div>
          {errors.events && (
            <p id="webhook-events-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.events}
            </p>
          )}
        </fieldset>
        <Field label="Description (optional)" error={errors.description}>
          <Input value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function SecretShownOnce({ secret }: { secret: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      input.current?.select();
      setCopied("no");
    }
  }
  return (
    <div className="space-y-3">
      <div role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>This is the only time the secret is shown. If it is lost, delete the webhook and add it again.</p>
      </div>
      <Field label="Signing secret">
        <Input ref={input} readOnly value={secret} className="font-mono text-sm" onFocus={(e) => e.currentTarget.select()} data-testid="new-webhook-secret" />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy secret
        </Button>
        <span role="status" className="text-sm text-slate-600">
          {copied === "yes" ? "Copied to the clipboard" : copied === "no" ? "Selected: press Ctrl+C (⌘C) to copy" : ""}
        </span>
      </div>
    </div>
  );
}
