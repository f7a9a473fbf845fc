// Add or edit a webhook endpoint: the URL, the
// events as checkboxes, a description; after adding, the signing secret shown
// this once with a Copy button (the receiver verifies signatures with it).
import { Webhook as WebhookIcon } from "lucide-react";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_MSG, type Webhook, type WebhookCreated, type WebhookEvent } from "@contract/schemas/webhook";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { useSaveWebhook } from "./webhooks-api";
import { CheckboxGroup, FormDialog, useDialogForm, type FormErrors } from "../form-parts";
import { SecretShownOnceDialog } from "../secret-shown-once";

interface WebhookForm {
  url: string;
  events: WebhookEvent[];
  description: string;
}
type Errors = FormErrors<"url" | "events" | "description">;

/** `editing`: the endpoint to change; null: a new one. */
export function WebhookDialog({ open, editing, onOpenChange }: { open: boolean; editing: Webhook | null; onOpenChange: (open: boolean) => void }) {
  const save = useSaveWebhook();
  const form = useDialogForm<WebhookForm, "url" | "events" | "description", WebhookCreated>(
    open,
    () => ({ url: editing?.url ?? "", events: editing?.events ?? [], description: editing?.description ?? "" }),
    editing,
  );
  const { url, events, description } = form.values;
  const errors = form.errors;

  function submit() {
    const problems: Errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) problems.url = url.trim() ? WEBHOOK_MSG.urlScheme : WEBHOOK_MSG.url;
    if (!events.length) problems.events = WEBHOOK_MSG.events;
    void form.save(
      problems,
      async () => {
        const res = await save.mutateAsync({ id: editing?.id, input: { url: url.trim(), events, description: description.trim() || null } });
        if (editing) onOpenChange(false);
        else form.setCreated(res as WebhookCreated);
      },
      "Could not save the webhook. Please try again.",
    );
  }

  const created = form.created;
  if (created) return <SecretShownOnceDialog kind="secret" about={created.url} value={created.secret} open={open} onOpenChange={onOpenChange} />;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit webhook" : "Add webhook"}
      description="We POST each chosen event to this URL, signed, and retry for about 18 hours if it does not answer 2xx."
      formId="webhook-form"
      submitLabel={
        <>
          <WebhookIcon className="h-4 w-4" aria-hidden="true" />
          {editing ? "Save webhook" : "Add webhook"}
        </>
      }
      pending={save.isPending}
      onSubmit={submit}
      formError={errors.form}
    >
      <Field label="URL" error={errors.url} hint="e.g. https://tms.example.com/hooks/load-board">
        <Input type="url" inputMode="url" value={url} maxLength={2000} autoComplete="off" onChange={(e) => form.set({ url: e.target.value })} />
      </Field>
      <CheckboxGroup legend="Events" options={WEBHOOK_EVENTS} labels={WEBHOOK_EVENT_LABELS} chosen={events} onChange={(e) => form.set({ events: e })} error={errors.events} errorId="webhook-events-error" />
      <Field label="Description (optional)" error={errors.description}>
        <Input value={description} maxLength={500} onChange={(e) => form.set({ description: e.target.value })} />
      </Field>
    </FormDialog>
  );
}
