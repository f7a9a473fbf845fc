// API tokens, admins only: the list (name,
// scopes, created, last used, expiry), Create token, and Revoke with a confirm.
// A table at a desk, cards on a phone (ui.md), like the other staff tabs.
import { useState } from "react";
import { BookOpen, KeyRound, Trash2 } from "lucide-react";
import { API_SCOPE_LABELS, type ApiToken } from "@contract/schemas/integration";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ListStates } from "./list-states";
import { formatAdminDateTime } from "../../lib/format";
import { formatDay } from "../../lib/calendar-day";
import { toast } from "../../components/ui/toast";
import { useApiTokens, useRevokeApiToken } from "./api-tokens-api";
import { CreateTokenDialog } from "./create-token-dialog";

const lastUsed = (t: ApiToken) => (t.lastUsedAt ? formatAdminDateTime(t.lastUsedAt) : "Never");
const expiry = (t: ApiToken) => (t.expiresOn ? formatDay(t.expiresOn) : "Never");

function Scopes({ token }: { token: ApiToken }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {token.scopes.map((s) => (
        <li key={s} title={API_SCOPE_LABELS[s]} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
          {s}
        </li>
      ))}
    </ul>
  );
}

export function ApiTokensSection() {
  const list = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const rows = list.data?.rows ?? [];

  return (
    <section aria-labelledby="api-tokens-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="api-tokens-heading" className="text-lg font-semibold text-slate-900">
            API tokens
          </h2>
          <p className="text-sm text-slate-600">Let another system (a TMS) read and change loads, bids and users through the API. 120 requests a minute per token.</p>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex">
          <Button variant="outline" onClick={() => window.open("/api/docs", "_blank", "noopener")}>
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            API reference
          </Button>
          <Button onClick={() => setCreating(true)}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            Create token
          </Button>
        </div>
      </div>

      <ListStates query={list} loading="Loading API tokens" failure="Could not load the API tokens." empty="No API tokens yet. Create one for each system that calls the API." isEmpty={rows.length === 0}>
        <ul className="space-y-2 md:hidden" aria-label="API tokens">
          {rows.map((t) => (
            <li key={t.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium break-words text-slate-900">{t.name}</p>
                <Button variant="ghost" size="sm" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Revoke
                </Button>
              </div>
              <Scopes token={t} />
              <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm">
                <dt className="text-slate-500">Created</dt>
                <dd>{formatAdminDateTime(t.createdAt)}</dd>
                <dt className="text-slate-500">Last used</dt>
                <dd>{lastUsed(t)}</dd>
                <dt className="text-slate-500">Expires</dt>
                <dd>{expiry(t)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">API tokens</caption>
            <thead className="bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">Name</th>
                <th scope="col" className="px-3 py-2">Scopes</th>
                <th scope="col" className="px-3 py-2">Created</th>
                <th scope="col" className="px-3 py-2">Last used</th>
                <th scope="col" className="px-3 py-2">Expires</th>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((t) => (
                <tr key={t.id}>
                  <td className="px-3 py-2 font-medium text-slate-900">
                    {t.name}
                    {t.createdBy && <span className="block text-xs font-normal text-slate-500">acts as {t.createdBy}</span>}
                  </td>
                  <td className="px-3 py-2"><Scopes token={t} /></td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatAdminDateTime(t.createdAt)}</td>
                  <td className="px-3 py-2 whitespace-nowrap" data-testid="token-last-used">{lastUsed(t)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{expiry(t)}</td>
                  <td className="px-3 py-2 text-right">
                    <Button variant="ghost" size="sm" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>

      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
      <RevokeDialog token={revoking} onOpenChange={(o) => !o && setRevoking(null)} />
    </section>
  );
}

function RevokeDialog({ token, onOpenChange }: { token: ApiToken | null; onOpenChange: (open: boolean) => void }) {
  const revoke = useRevokeApiToken();
  return (
    <ConfirmDialog
      open={!!token}
      onOpenChange={onOpenChange}
      title="Revoke API token?"
      description={token ? `“${token.name}” stops working at once. Any system using it gets 401 from its next request.` : undefined}
      confirmLabel="Revoke token"
      pending={revoke.isPending}
      failure="Could not revoke the token. Please try again."
      onConfirm={async () => {
        if (!token) return;
        await revoke.mutateAsync(token.id);
        toast.success(`Revoked “${token.name}”`);
      }}
    />
  );
}
