// The admin page's Claims tab: every carrier's waiting-time claims, the ones
// waiting for a decision first, with the company claiming, their evidence
// (position, declared or staff) and Decide on each pending one; a search by load
// number or company; the Waiting-time settings beside the list.
import { useEffect, useState } from "react";
import { Settings } from "lucide-react";
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS, type ClaimStatus, type WaitingClaim } from "@contract/schemas/claim";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { ListError } from "../../../components/table-states";
import { formatNumber } from "../../../lib/format";
import { useClaims } from "../api";
import { ClaimsList } from "../claims-list";
import { DecideClaimDialog } from "./decide-claim-dialog";
import { WaitingSettingsDialog } from "./waiting-settings-dialog";

/** The most a desk list shows at once; pending claims are decided and leave it. */
const LIMIT = 200;
const SEARCH_PAUSE_MS = 300;

export function ClaimsTab() {
  const [status, setStatus] = useState<ClaimStatus | "">("");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  // one request once the typing pauses, not one a key
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const list = useClaims({ status, search, limit: LIMIT });
  const [deciding, setDeciding] = useState<WaitingClaim | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const total = list.data?.total;

  return (
    <section aria-labelledby="claims-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="claims-heading" className="text-lg font-semibold text-slate-900">
            Waiting-time claims
          </h2>
          <p className="text-sm text-slate-600">Pending first. Check the evidence and the times against the booked time, then approve or reject.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 max-sm:w-full">
            Load number or company
            <Input type="search" value={typed} maxLength={100} placeholder="e.g. 829 or Smith" onChange={(e) => setTyped(e.target.value)} className="sm:w-64" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            Status
            <select value={status} onChange={(e) => setStatus(e.target.value as ClaimStatus | "")} className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm">
              <option value="">All</option>
              {CLAIM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {CLAIM_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <Button variant="outline" onClick={() => setSettingsOpen(true)}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            Waiting-time settings
          </Button>
        </div>
      </div>
      {list.isError && !list.data ? (
        <ListError what="claims" onRetry={() => void list.refetch()} />
      ) : (
        <ClaimsList
          caption="Waiting-time claims, pending first"
          rows={list.data?.rows}
          isLoading={list.isLoading}
          empty={
            search
              ? `No ${status ? `${CLAIM_STATUS_LABELS[status].toLowerCase()} ` : ""}claims match "${search}".`
              : status
                ? `No ${CLAIM_STATUS_LABELS[status].toLowerCase()} claims.`
                : "No waiting-time claims yet. A carrier claims from a booked load once a stop has its arrival and departure."
          }
          onDecide={setDeciding}
          showCompany
        />
      )}
      {total != null && total > LIMIT && (
        <p className="text-sm text-slate-600">
          Showing {formatNumber(LIMIT)} of {formatNumber(total)} claims; search or choose a status to narrow the list.
        </p>
      )}
      {deciding && <DecideClaimDialog claim={deciding} open onOpenChange={(o) => !o && setDeciding(null)} />}
      <WaitingSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </section>
  );
}
