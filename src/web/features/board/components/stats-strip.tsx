// The board's five statistics tiles, in order; every figure defaults to 0 and uses
// thousands separators (ui.md "Pictures": tiles with icons).
import type { ReactNode } from "react";
import { CheckCircle2, Clock, PackageOpen, PoundSterling, Trophy } from "lucide-react";
import type { Stats } from "@contract/schemas/load";
import { formatMoney, formatNumber } from "../../../lib/format";
import { cn } from "../../../lib/cn";

export function StatsStrip({ stats }: { stats: Stats | undefined }) {
  const tiles: { label: string; value: string; icon: ReactNode; tone: string }[] = [
    { label: "Available Loads", value: formatNumber(stats?.available ?? 0), icon: <PackageOpen aria-hidden="true" />, tone: "bg-green-50 text-green-800" },
    { label: "Accepted Loads", value: formatNumber(stats?.accepted ?? 0), icon: <Clock aria-hidden="true" />, tone: "bg-orange-50 text-orange-800" },
    { label: "Approved Loads", value: formatNumber(stats?.approved ?? 0), icon: <CheckCircle2 aria-hidden="true" />, tone: "bg-blue-50 text-blue-800" },
    { label: "Completed Loads", value: formatNumber(stats?.completed ?? 0), icon: <Trophy aria-hidden="true" />, tone: "bg-emerald-50 text-emerald-800" },
    { label: "Total Earnings", value: formatMoney(stats?.totalEarnings ?? 0), icon: <PoundSterling aria-hidden="true" />, tone: "bg-brand-50 text-brand-800" },
  ];
  return (
    <section aria-label="Your statistics">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {tiles.map((t, i) => (
          <li
            key={t.label}
            className={cn(
              "flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4",
              i === tiles.length - 1 && "col-span-2 sm:col-span-1",
            )}
          >
            <span className={cn("flex h-10 w-10 shrink-0 items-center justify-center rounded-lg [&>svg]:h-5 [&>svg]:w-5", t.tone)}>{t.icon}</span>
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600 sm:text-sm">{t.label}</p>
              <p className="truncate text-xl font-bold text-slate-900 tabular">{t.value}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
