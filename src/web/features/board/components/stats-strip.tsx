// The board's five statistics tiles, in order; every figure defaults to 0 and uses
// thousands separators (ui.md "Pictures": tiles with icons). One compact row: on a
// phone a strip that scrolls sideways, so the first load card is on the first screen.
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
      {/* a strip that scrolls is reached by keyboard too (it has no focusable content of its own) */}
      <ul tabIndex={0} aria-label="Your statistics" className="-mx-4 flex gap-2 overflow-x-auto px-4 sm:mx-0 sm:grid sm:grid-cols-5 sm:gap-3 sm:overflow-visible sm:px-0">
        {tiles.map((t) => (
          <li key={t.label} className="flex shrink-0 items-center gap-2 rounded-xl border border-slate-200 bg-white px-2.5 py-1.5 shadow-sm sm:min-w-0 sm:gap-3 sm:px-3 sm:py-2">
            <span className={cn("flex h-7 w-7 shrink-0 sm:h-8 sm:w-8 items-center justify-center rounded-lg [&>svg]:h-4 [&>svg]:w-4", t.tone)}>{t.icon}</span>
            {/* label and figure on one line on a phone, the figure under its label from sm up */}
            <div className="flex min-w-0 items-baseline gap-2 sm:block">
              <p className="text-xs font-medium whitespace-nowrap text-slate-600">{t.label}</p>
              <p className="truncate text-base font-bold text-slate-900 tabular sm:text-lg">{t.value}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
