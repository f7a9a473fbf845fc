// Dense admin load table (ui.md staff): one component, the columns each tab needs;
// Price, Pickup Date and Created sort on the server (contract sort, aria-sort).
// At 1280 px every column fits without sideways scroll (the route on two lines,
// dates as date over time, headers on one line); on a phone the table scrolls
// sideways with the load number pinned.
import type { ReactNode } from "react";
import type { Load } from "@contract/schemas/load";
import { podStatus, type PodStatus } from "@contract/schemas/pod";
import { LoadStatusBadge } from "../../../components/load-status-badge";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { formatAdminDateTime, formatMoney, formatRate } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { Button } from "../../../components/ui/button";
import { EmptyRow, FIRST_CELL, ListError, SkeletonRows } from "../../../components/table-states";
import { LoadActionsMenu, type LoadActionHandlers, type LoadTab } from "./load-actions-menu";
import { SortableTableShell, type Column, type SortState } from "../../../components/table-pager";

export type LoadColumn =
  | "loadNumber"
  | "po"
  | "cargo"
  | "route"
  | "price"
  | "fors"
  | "status"
  | "pod"
  | "pickup"
  | "acceptedBy"
  | "acceptedAt"
  | "completedAt"
  | "created"
  | "actions";

const POD_TONE: Record<PodStatus, BadgeTone> = { Pending: "yellow", Partial: "amber", Complete: "emerald" };

export function PodStatusBadge({ load }: { load: Load }) {
  const s = podStatus(load);
  return <Badge tone={POD_TONE[s]}>{s}</Badge>;
}

const dash = <span className="text-slate-500">—</span>;

/**
 * "23/11/2026 09:00" as the date over the time (a compact column), never broken
 * inside either; inline blocks, so the cell's text stays "23/11/2026 09:00".
 */
function DateTime({ value }: { value: string | null }) {
  const [d, t] = formatAdminDateTime(value).split(" ");
  return (
    <span className="tabular inline-block w-min leading-snug">
      <span className="inline-block whitespace-nowrap">{d}</span> {t && <span className="inline-block whitespace-nowrap text-slate-600">{t}</span>}
    </span>
  );
}

/** sortKey: the contract's sort of GET /api/loads (price, pickupDate, -createdAt) */
const HEAD: Record<LoadColumn, Column> = {
  loadNumber: { label: "Load Number" },
  po: { label: "PO Number" },
  cargo: { label: "Cargo" },
  route: { label: "Route" },
  price: { label: "Price", className: "text-right", sortKey: "price", firstDesc: true },
  fors: { label: "FORS" },
  status: { label: "Status" },
  pod: { label: "POD Status" },
  pickup: { label: "Pickup Date", sortKey: "pickupDate", firstDesc: true },
  acceptedBy: { label: "Accepted By" },
  acceptedAt: { label: "Accepted" },
  completedAt: { label: "Completed" },
  created: { label: "Created", sortKey: "createdAt", firstDesc: true, oneWay: true },
  actions: { label: "Actions", className: "text-right" },
};

function cell(col: LoadColumn, l: Load, tab: LoadTab, h: LoadActionHandlers): ReactNode {
  switch (col) {
    case "loadNumber":
      return (
        <span className="font-semibold text-slate-900">
          <span className="whitespace-nowrap">{l.loadNumber}</span>
          {l.isUrgent && (
            <Badge tone="red" className="ml-1 align-middle">
              Urgent
            </Badge>
          )}
        </span>
      );
    case "po":
      // may break after a hyphen when the desk is tight, like the load number
      return l.mandataNumber ? <span className="tabular">{l.mandataNumber}</span> : dash;
    case "cargo":
      return l.cargoType || dash;
    case "route":
      // pickup on the first line, delivery on the second (each may wrap once more when very long); counties small (ui.md)
      return (
        <span className="block min-w-48 max-w-60 leading-snug">
          <span className="block">
            <span className="font-medium">{l.pickupCity}</span>
            {l.pickupState && <span className="text-xs text-slate-600">, {l.pickupState}</span>}
            <span aria-hidden="true">{"\u00a0"}→</span>
          </span>
          <span className="sr-only"> to </span>
          <span className="block">
            <span className="font-medium">{l.deliveryCity}</span>
            {l.deliveryState && <span className="text-xs text-slate-600">, {l.deliveryState}</span>}
          </span>
        </span>
      );
    case "price":
      return (
        <span className="tabular block text-right">
          <span className="font-semibold">{formatMoney(l.price)}</span>
          {l.ratePerMile != null && <span className="block text-xs text-slate-600">{formatRate(l.ratePerMile)}</span>}
        </span>
      );
    case "fors":
      return l.forsRequirement || dash;
    case "status":
      // "Waiting for Approval" may take two lines inside its badge when the desk is tight
      return (
        <span className="block min-w-24 [&>span]:rounded-xl [&>span]:leading-tight">
          {/* an expired load is still "available" but off the board until its dates are edited (contract) */}
          <LoadStatusBadge status={l.expired ? "expired" : l.status} />
        </span>
      );
    case "pod":
      // POD status only for accepted or completed loads
      return l.status === "accepted" || l.status === "completed" ? <PodStatusBadge load={l} /> : dash;
    case "pickup":
      return <DateTime value={l.pickupDate} />;
    case "acceptedBy":
      return l.acceptedByCarrier || dash;
    case "acceptedAt":
      return <DateTime value={l.acceptedAt} />;
    case "completedAt":
      return <DateTime value={l.completedAt} />;
    case "created":
      return <DateTime value={l.createdAt} />;
    case "actions":
      // the Completed tab has the View POD action only
      return tab === "completed" ? (
        <Button variant="outline" size="sm" className="h-11 whitespace-nowrap sm:h-8" onClick={() => h.onViewPod(l)} aria-label={`View POD for load #${l.loadNumber}`}>
          View POD
        </Button>
      ) : (
        <LoadActionsMenu load={l} tab={tab} handlers={h} />
      );
  }
}

export function LoadsTable({
  caption,
  loads,
  columns,
  tab,
  handlers,
  isLoading,
  error,
  onRetry,
  empty,
  sort,
  onSort,
}: {
  caption: string;
  loads: Load[] | undefined;
  columns: LoadColumn[];
  tab: LoadTab;
  handlers: LoadActionHandlers;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: string;
  sort: SortState | null;
  onSort: (key: string, firstDesc: boolean, oneWay?: boolean) => void;
}) {
  if (error && !loads) return <ListError what="loads" onRetry={onRetry} />;
  return (
    <SortableTableShell caption={caption} columns={columns.map((c) => HEAD[c])} sort={sort} onSort={onSort} dense>
      {isLoading && !loads ? (
        <SkeletonRows cols={columns.length} />
      ) : !loads?.length ? (
        <EmptyRow cols={columns.length} text={empty} />
      ) : (
        loads.map((l) => (
          <tr key={l.id} className="group border-t border-slate-100 hover:bg-slate-50">
            {columns.map((c, i) => (
              <td
                key={c}
                className={cn(
                  "px-1.5 py-2 align-middle",
                  HEAD[c].className,
                  i === 0 && FIRST_CELL,
                )}
              >
                {cell(c, l, tab, handlers)}
              </td>
            ))}
          </tr>
        ))
      )}
    </SortableTableShell>
  );
}
