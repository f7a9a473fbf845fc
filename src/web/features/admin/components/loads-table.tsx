// Dense admin load table (ui.md staff): one component, the columns each tab needs.
// On a phone the table scrolls sideways with the load number pinned.
import type { ReactNode } from "react";
import type { Load } from "@contract/schemas/load";
import { podStatus, type PodStatus } from "@contract/schemas/pod";
import { LoadStatusBadge } from "../../../components/load-status-badge";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatAdminDateTime, formatMoney, formatRate } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { LoadActionsMenu, type LoadActionHandlers, type LoadTab } from "./load-actions-menu";

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

/** "23/11/2026 09:00" that may break between date and time when the table is tight, never inside either. */
function DateTime({ value }: { value: string | null }) {
  const [d, t] = formatAdminDateTime(value).split(" ");
  return (
    <span className="tabular">
      <span className="whitespace-nowrap">{d}</span> {t && <span className="whitespace-nowrap">{t}</span>}
    </span>
  );
}

const HEAD: Record<LoadColumn, { label: string; className?: string }> = {
  loadNumber: { label: "Load Number" },
  po: { label: "PO Number" },
  cargo: { label: "Cargo" },
  route: { label: "Route" },
  price: { label: "Price", className: "text-right" },
  fors: { label: "FORS" },
  status: { label: "Status" },
  pod: { label: "POD Status" },
  pickup: { label: "Pickup Date" },
  acceptedBy: { label: "Accepted By" },
  acceptedAt: { label: "Accepted" },
  completedAt: { label: "Completed" },
  created: { label: "Created" },
  actions: { label: "Actions", className: "text-right" },
};

function cell(col: LoadColumn, l: Load, tab: LoadTab, h: LoadActionHandlers): ReactNode {
  switch (col) {
    case "loadNumber":
      return (
        <span className="font-semibold text-slate-900">
          {l.loadNumber}
          {l.isUrgent && (
            <Badge tone="red" className="ml-1 align-middle">
              Urgent
            </Badge>
          )}
        </span>
      );
    case "po":
      return l.mandataNumber ? <span className="whitespace-nowrap">{l.mandataNumber}</span> : dash;
    case "cargo":
      return l.cargoType || dash;
    case "route":
      return (
        <span className="block min-w-44">
          <span className="font-medium">{l.pickupCity}</span>
          {l.pickupState && <span className="text-slate-600">, {l.pickupState}</span>}
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <span className="font-medium">{l.deliveryCity}</span>
          {l.deliveryState && <span className="text-slate-600">, {l.deliveryState}</span>}
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
      return (
        <span className="whitespace-nowrap">
          <LoadStatusBadge status={l.status} />
        </span>
      );
    case "pod":
      // spec §2: POD status only for accepted or completed loads
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
      // spec §2: the Completed tab has the View POD action only
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
}) {
  if (error && !loads) return <ListError what="loads" onRetry={onRetry} />;
  return (
    <TableShell caption={caption} headers={columns.map((c) => HEAD[c])}>
      {isLoading && !loads ? (
        <SkeletonRows cols={columns.length} />
      ) : !loads?.length ? (
        <EmptyRow cols={columns.length} text={empty} />
      ) : (
        loads.map((l) => (
          <tr key={l.id} className="border-t border-slate-100 hover:bg-slate-50">
            {columns.map((c, i) => (
              <td
                key={c}
                className={cn(
                  "px-2 py-2 align-middle",
                  HEAD[c].className,
                  i === 0 && "sticky left-0 z-[1] bg-white shadow-[1px_0_0_0_rgb(241_245_249)]",
                )}
              >
                {cell(c, l, tab, handlers)}
              </td>
            ))}
          </tr>
        ))
      )}
    </TableShell>
  );
}

/** Shared table frame for every admin list: horizontal scroll on small screens, sticky header. */
export function TableShell({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: { label: string; className?: string }[];
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-collapse text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {headers.map((h, i) => (
              <th
                key={h.label}
                scope="col"
                className={cn("whitespace-nowrap px-2 py-2 font-semibold", h.className, i === 0 && "sticky left-0 z-[1] bg-slate-50")}
              >
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function SkeletonRows({ cols, rows = 5 }: { cols: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} className="border-t border-slate-100" aria-hidden="true">
          {Array.from({ length: cols }, (_, c) => (
            <td key={c} className="px-3 py-3">
              <div className="h-3 w-full min-w-12 animate-pulse rounded bg-slate-200" />
            </td>
          ))}
        </tr>
      ))}
      <tr className="sr-only">
        <td colSpan={cols} role="status">
          Loading...
        </td>
      </tr>
    </>
  );
}

export function EmptyRow({ cols, text }: { cols: number; text: string }) {
  return (
    <tr>
      <td colSpan={cols} className="px-3 py-10 text-center text-slate-600">
        {text}
      </td>
    </tr>
  );
}

export function ListError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <span>Could not load the {what}. Check your connection; the list refreshes by itself.</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
