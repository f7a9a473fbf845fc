// Waiting-time claims as a list: cards on a phone, a dense table at a desk (ui.md:
// money right-aligned in tabular figures). The carrier sees their company's claims;
// staff also get Decide on each pending claim. Pending claims come first.
import type { ReactNode } from "react";
import { formatMinutes, type WaitingClaim } from "@contract/schemas/claim";
import { Button } from "../../components/ui/button";
import { EmptyRow, SkeletonRows } from "../../components/table-states";
import { cn } from "../../lib/cn";
import { formatAdminDateTime, formatCardDateTime, formatMoney } from "../../lib/format";
import { ClaimStatusBadge } from "./claim-status-badge";
import { decisionWords, evidenceLabel, pendingFirst, stopWord } from "./claim-words";

export interface ClaimsListProps {
  caption: string;
  rows: WaitingClaim[] | undefined;
  isLoading: boolean;
  empty: ReactNode;
  /** staff: Decide on a pending claim */
  onDecide?: (claim: WaitingClaim) => void;
  /** staff: which carrier company claims (a carrier's list is all their own) */
  showCompany?: boolean;
}

const TH = "px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 whitespace-nowrap";
const TD = "px-2 py-2 align-top";
const MONEY = "tabular whitespace-nowrap text-right";

export function ClaimsList(props: ClaimsListProps) {
  const rows = props.rows ? pendingFirst(props.rows) : undefined;
  return (
    <>
      <div className="md:hidden">
        <ClaimCards {...props} rows={rows} />
      </div>
      <div className="max-md:hidden">
        <ClaimsTable {...props} rows={rows} />
      </div>
    </>
  );
}

function ClaimsTable({ caption, rows, isLoading, empty, onDecide, showCompany }: ClaimsListProps) {
  // the company sits under the load's number: one more column would push Decide out of a 1280 px desk
  const heads = [showCompany ? "Load and company" : "Load", "Stop", "Arrived", "Left", "Evidence", "Waited", "Chargeable", "Claimed", "Status", "Decision", "Note / reason"];
  const cols = heads.length + (onDecide ? 1 : 0);
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-collapse text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col" className={cn(TH, (h === "Claimed" || h === "Waited" || h === "Chargeable") && "text-right")}>
                {h}
              </th>
            ))}
            {onDecide && (
              <th scope="col" className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {isLoading && !rows ? (
            <SkeletonRows cols={cols} />
          ) : !rows || rows.length === 0 ? (
            <EmptyRow cols={cols} text={empty} />
          ) : (
            rows.map((c) => (
              <tr key={c.id} className={cn("border-t border-slate-100", c.status === "pending" && "bg-amber-50/40")} data-testid="claim-row">
                <th scope="row" className={cn(TD, "text-left font-medium")}>
                  <span className="whitespace-nowrap">#{c.loadNumber}</span>
                  {showCompany && <span className="block max-w-44 font-normal text-slate-700 wrap-anywhere">{c.companyName}</span>}
                </th>
                <td className={cn(TD, "capitalize")}>{stopWord(c)}</td>
                {/* the day over the time: the row keeps Decide in view at a 1280 px desk */}
                <td className={cn(TD, "tabular")}>{formatAdminDateTime(c.arrivedAt)}</td>
                <td className={cn(TD, "tabular")}>{formatAdminDateTime(c.departedAt)}</td>
                <td className={TD}>{evidenceLabel(c)}</td>
                <td className={cn(TD, MONEY)}>{formatMinutes(c.minutes)}</td>
                <td className={cn(TD, MONEY)}>{formatMinutes(c.chargeableMinutes)}</td>
                <td className={cn(TD, MONEY, "font-medium")}>{formatMoney(c.amount)}</td>
                <td className={TD}>
                  <ClaimStatusBadge status={c.status} />
                </td>
                <td className={cn(TD, "tabular")}>{c.status === "pending" ? "—" : decisionWords(c)}</td>
                <td className={cn(TD, "max-w-64 wrap-anywhere")}>{c.reason ?? c.note ?? "—"}</td>
                {onDecide && (
                  <td className={TD}>
                    {c.status === "pending" && (
                      <Button size="sm" variant="outline" onClick={() => onDecide(c)}>
                        Decide<span className="sr-only"> the claim by {c.companyName} on Load #{c.loadNumber} at {stopWord(c)}</span>
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function ClaimCards({ caption, rows, isLoading, empty, onDecide, showCompany }: ClaimsListProps) {
  if (isLoading && !rows) return <p className="p-4 text-sm text-slate-600">Loading...</p>;
  if (!rows || rows.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label={caption}>
      {rows.map((c) => (
        <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="claim-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">
              Load #{c.loadNumber} · <span className="capitalize">{stopWord(c)}</span>
            </p>
            <ClaimStatusBadge status={c.status} />
          </div>
          {showCompany && <p className="text-sm font-medium text-slate-700 wrap-anywhere">{c.companyName}</p>}
          <p className="mt-1 text-2xl font-bold text-slate-900 tabular">{formatMoney(c.status === "approved" ? (c.decidedAmount ?? c.amount) : c.amount)}</p>
          <dl className="mt-2 grid grid-cols-[6.5rem_1fr] gap-x-2 gap-y-1 text-sm">
            <dt className="text-slate-600">Arrived</dt>
            <dd>{formatCardDateTime(c.arrivedAt)}</dd>
            <dt className="text-slate-600">Left</dt>
            <dd>{formatCardDateTime(c.departedAt)}</dd>
            <dt className="text-slate-600">Waited</dt>
            <dd className="tabular">
              {formatMinutes(c.minutes)} ({formatMinutes(c.chargeableMinutes)} chargeable)
            </dd>
            <dt className="text-slate-600">Evidence</dt>
            <dd>{evidenceLabel(c)}</dd>
            <dt className="text-slate-600">Decision</dt>
            <dd>{decisionWords(c)}</dd>
            {(c.reason ?? c.note) && (
              <>
                <dt className="text-slate-600">{c.reason ? "Reason" : "Note"}</dt>
                <dd className="wrap-anywhere">{c.reason ?? c.note}</dd>
              </>
            )}
          </dl>
          {onDecide && c.status === "pending" && (
            <Button className="mt-3 w-full" variant="outline" onClick={() => onDecide(c)}>
              Decide<span className="sr-only"> the claim by {c.companyName} on Load #{c.loadNumber} at {stopWord(c)}</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
