// A company's scorecard as figures in tiles (ui.md "Pictures": tiles with icons and
// thousands separators). A tile with loads behind it is a button: pressed, the loads
// behind that figure open under the tiles (aria-expanded says which is open).
import type { ReactNode } from "react";
import { ClipboardClock, PackageCheck, Scale, ShieldCheck, Truck, Undo2, Warehouse } from "lucide-react";
import { COMPLIANCE_LABELS } from "@contract/schemas/company";
import type { CompanyScorecard } from "@contract/schemas/scorecard";
import { cn } from "../../../lib/cn";
import { formatMoney, formatNumber } from "../../../lib/format";
import { claimsDetail, formatHours, formatShare, onTimeShare, punctualityDetail, type LoadsBehind } from "../scorecard-format";

interface Tile {
  key: string;
  label: string;
  value: string;
  detail: string;
  icon: ReactNode;
  tone: string;
  /** the loads behind this figure, when it has any to show */
  behind?: LoadsBehind;
}

export function tilesOf(s: CompanyScorecard): Tile[] {
  const known = (c: CompanyScorecard["collection"]) => c.onTime + c.late;
  return [
    {
      key: "completed",
      label: "Loads completed",
      value: formatNumber(s.loadsCompleted),
      detail: "POD complete in the period",
      icon: <PackageCheck aria-hidden="true" />,
      tone: "bg-emerald-50 text-emerald-800",
      behind: s.loads.length ? "completed" : undefined,
    },
    {
      key: "collection",
      label: "On-time collection",
      value: formatShare(onTimeShare(s.collection)),
      detail: `${formatNumber(s.collection.onTime)} of ${formatNumber(known(s.collection))} · ${punctualityDetail(s.collection)}`,
      icon: <Warehouse aria-hidden="true" />,
      tone: "bg-brand-50 text-brand-800",
      behind: s.loads.length ? "collection" : undefined,
    },
    {
      key: "delivery",
      label: "On-time delivery",
      value: formatShare(onTimeShare(s.delivery)),
      detail: `${formatNumber(s.delivery.onTime)} of ${formatNumber(known(s.delivery))} · ${punctualityDetail(s.delivery)}`,
      icon: <Truck aria-hidden="true" />,
      tone: "bg-brand-50 text-brand-800",
      behind: s.loads.length ? "delivery" : undefined,
    },
    {
      key: "podHours",
      label: "Hours to POD",
      value: formatHours(s.podHours.median),
      detail: s.podHours.median == null ? "No POD in the period" : `median · 90% within ${formatHours(s.podHours.p90)}`,
      icon: <ClipboardClock aria-hidden="true" />,
      tone: "bg-orange-50 text-orange-800",
      behind: s.loads.length ? "podHours" : undefined,
    },
    {
      key: "handedBack",
      label: "Hand-backs",
      value: formatNumber(s.handedBack),
      detail: "Loads given back: carrier withdrew",
      icon: <Undo2 aria-hidden="true" />,
      tone: "bg-red-50 text-red-800",
      behind: s.loads.some((l) => l.handedBack) ? "handedBack" : undefined,
    },
    {
      key: "claims",
      label: "Waiting claims",
      value: formatNumber(s.waitingClaims.submitted),
      detail: `${claimsDetail(s.waitingClaims)} · ${formatMoney(s.waitingClaims.amountApproved)} paid`,
      icon: <Scale aria-hidden="true" />,
      tone: "bg-purple-50 text-purple-800",
    },
    {
      key: "compliance",
      label: "Compliance",
      value: s.compliance ? COMPLIANCE_LABELS[s.compliance] : "—",
      detail: "As the documents stand today",
      icon: <ShieldCheck aria-hidden="true" />,
      tone: s.compliance === "compliant" ? "bg-green-50 text-green-800" : s.compliance === "expiring" ? "bg-amber-50 text-amber-800" : "bg-red-50 text-red-800",
    },
  ];
}

export function FigureTiles({ scorecard, open, onToggle, panelId }: { scorecard: CompanyScorecard; open: LoadsBehind | null; onToggle: (f: LoadsBehind) => void; panelId: string }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4" data-testid="scorecard-figures">
      {tilesOf(scorecard).map((t) => {
        const inner = (
          <>
            <span className={cn("hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg sm:flex [&>svg]:h-5 [&>svg]:w-5", t.tone)}>{t.icon}</span>
            <span className="block min-w-0">
              <span className="block text-xs font-medium text-slate-600 sm:text-sm">{t.label}</span>
              <span className="block text-lg font-bold text-slate-900 tabular [overflow-wrap:anywhere] sm:text-xl">{t.value}</span>
              <span className="block text-xs text-pretty text-slate-600 [overflow-wrap:anywhere]">{t.detail}</span>
              {t.behind && (
                <span className="mt-1 block text-xs font-medium text-brand-700 underline underline-offset-2">{open === t.behind ? "Hide the loads" : "Show the loads"}</span>
              )}
            </span>
          </>
        );
        const box = "flex h-full w-full min-w-0 items-start gap-3 rounded-xl border bg-white p-3 text-left shadow-sm";
        return (
          <li key={t.key} className="min-w-0" data-testid={`figure-${t.key}`}>
            {t.behind ? (
              <button
                type="button"
                aria-expanded={open === t.behind}
                aria-controls={panelId}
                onClick={() => onToggle(t.behind!)}
                className={cn(box, "min-h-11 hover:bg-slate-50", open === t.behind ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200")}
              >
                {inner}
              </button>
            ) : (
              <div className={cn(box, "border-slate-200")}>{inner}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
