// Create an API token: a name, the scopes as
// checkboxes, an optional last day; then the token itself, shown this once with
// a Copy button and a warning (the server keeps only its hash).
import { KeyRound } from "lucide-react";
import { API_SCOPES, API_SCOPE_LABELS, API_TOKEN_MSG, type ApiScope, type ApiTokenCreated } from "@contract/schemas/integration";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { formatDay } from "../../lib/calendar-day";
import { useCreateApiToken } from "./api-tokens-api";
import { CheckboxGroup, FormDialog, useDialogForm, type FormErrors } from "./form-parts";
import { SecretShownOnceDialog } from "./secret-shown-once";

interface TokenForm {
  name: string;
  scopes: ApiScope[];
  /** YYYY-MM-DD, or empty: works until revoked */
  expiresOn: string;
}
type Errors = FormErrors<"name" | "scopes" | "expiresOn">;

/** today in the UK, YYYY-MM-DD: the earliest last day the server accepts */
const ukToday = (): string => new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });

export function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateApiToken();
  const form = useDialogForm<TokenForm, "name" | "scopes" | "expiresOn", ApiTokenCreated>(open, () => ({ name: "", scopes: [], expiresOn: "" }));
  const { name, scopes, expiresOn } = form.values;
  const errors = form.errors;

  function submit() {
    const problems: Errors = {};
    if (!name.trim()) problems.name = API_TOKEN_MSG.name;
    if (!scopes.length) problems.scopes = API_TOKEN_MSG.scopes;
    if (expiresOn && expiresOn < ukToday()) problems.expiresOn = API_TOKEN_MSG.expiresPast;
    void form.save(
      problems,
      async () => form.setCreated(await create.mutateAsync({ name: name.trim(), scopes, expiresOn: expiresOn || null })),
      "Could not create the token. Please try again.",
    );
  }

  const created = form.created;
  if (created) return <SecretShownOnceDialog kind="token" about={created.name} value={created.token} open={open} onOpenChange={onOpenChange} />;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create API token"
      description="The token acts as you, limited to the scopes you choose."
      formId="create-api-token"
      submitLabel={
        <>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          Create token
        </>
      }
      pending={create.isPending}
      onSubmit={submit}
      formError={errors.form}
    >
      <Field label="Name" error={errors.name} hint="What uses it, e.g. “TMS import”">
        <Input value={name} maxLength={100} autoComplete="off" onChange={(e) => form.set({ name: e.target.value })} />
      </Field>
      <CheckboxGroup legend="Scopes" options={API_SCOPES} labels={API_SCOPE_LABELS} chosen={scopes} onChange={(s) => form.set({ scopes: s })} error={errors.scopes} errorId="token-scopes-error" />
      <Field label="Expires (optional)" error={errors.expiresOn} hint={expiresOn ? `Works until the end of ${formatDay(expiresOn)}` : "Leave empty: works until revoked"}>
        <Input type="date" min={ukToday()} value={expiresOn} onChange={(e) => form.set({ expiresOn: e.target.value })} />
      </Field>
    </FormDialog>
  );
}
