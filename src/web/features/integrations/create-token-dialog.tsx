// Create an API token (contract-beyond "Integrations"): a name, the scopes as
// checkboxes, an optional last day; then the token itself, shown this once with
// a Copy button and a warning (the server keeps only its hash).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Copy, KeyRound, TriangleAlert } from "lucide-react";
import { API_SCOPES, API_SCOPE_LABELS, API_TOKEN_MSG, type ApiScope, type ApiTokenCreated } from "@contract/schemas/integration";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/format";
import { formatDay } from "../../lib/calendar-day";
import { ApiError } from "../../lib/api";
import { useCreateApiToken } from "./api-tokens-api";

type Errors = Partial<Record<"name" | "scopes" | "expiresOn" | "form", string>>;

/** today in the UK, YYYY-MM-DD: the earliest last day the server accepts */
const ukToday = (): string => new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });

export function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresOn, setExpiresOn] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  // a fresh form each time the dialog opens; the token is forgotten when it closes
  useEffect(() => {
    if (!open) return;
    setName("");
    setScopes([]);
    setExpiresOn("");
    setErrors({});
    setCreated(null);
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = API_TOKEN_MSG.name;
    if (!scopes.length) next.scopes = API_TOKEN_MSG.scopes;
    if (expiresOn && expiresOn < ukToday()) next.expiresOn = API_TOKEN_MSG.expiresPast;
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      setCreated(await create.mutateAsync({ name: name.trim(), scopes, expiresOn: expiresOn || null }));
    } catch (err) {
      const details = err instanceof ApiError ? (err.body?.details as { path: string; message: string }[] | undefined) : undefined;
      const byField: Errors = {};
      if (Array.isArray(details)) for (const d of details) byField[d.path.split(".")[0] as keyof Errors] ??= d.message;
      setErrors(Object.keys(byField).length ? byField : { form: errorMessage(err, "Could not create the token. Please try again.") });
    }
  }

  if (created) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Copy your new API token"
        description={`“${created.name}” is ready. Systems send it as: Authorization: Bearer <token>`}
        footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
      >
        <ShownOnce token={created.token} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create API token"
      description="The token acts as you, limited to the scopes you choose."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="create-api-token" loading={create.isPending}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            Create token
          </Button>
        </>
      }
    >
      <form id="create-api-token" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <Field label="Name" error={errors.name} hint="What uses it, e.g. “TMS import”">
          <Input value={name} maxLength={100} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </Field>
        <fieldset aria-describedby={errors.scopes ? "token-scopes-error" : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-800">Scopes</legend>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {API_SCOPES.map((s) => (
              <Checkbox
                key={s}
                checked={scopes.includes(s)}
                onCheckedChange={(c) => setScopes((cur) => (c === true ? [...cur, s] : cur.filter((x) => x !== s)))}
                label={
                  <span>
                    {API_SCOPE_LABELS[s]} <code className="text-xs text-slate-500">{s}</code>
                  </span>
                }
              />
            ))}
          </div>
          {errors.scopes && (
            <p id="token-scopes-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <Field label="Expires (optional)" error={errors.expiresOn} hint={expiresOn ? `Works until the end of ${formatDay(expiresOn)}` : "Leave empty: works until revoked"}>
          <Input type="date" min={ukToday()} value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
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

/** The token, its Copy button and the warning that it will not be shown again. */
function ShownOnce({ token }: { token: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied("yes");
    } catch {
      // no clipboard (plain http, permissions): select it for Ctrl+C
      input.current?.select();
      setCopied("no");
    }
  }
  return (
    <div className="space-y-3">
      <div role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>This is the only time the token is shown. Store it somewhere safe now; if it is lost, revoke it and create another.</p>
      </div>
      <Field label="API token">
        <Input ref={input} readOnly value={token} className="font-mono text-sm" onFocus={(e) => e.currentTarget.select()} data-testid="new-api-token" />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy token
        </Button>
        <span role="status" className="text-sm text-slate-600">
          {copied === "yes" ? "Copied to the clipboard" : copied === "no" ? "Selected: press Ctrl+C (⌘C) to copy" : ""}
        </span>
      </div>
    </div>
  );
}
