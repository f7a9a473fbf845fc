// The network's scorecard, /scorecard: how the network treats carriers, as openly as the
// network sees theirs. Days to pay (median and 90th percentile), invoices overdue,
// waiting-time claims (submitted, share approved, median hours to decide) and waiting at
// its sites by postcode area and stop, worst first, only where at least 3 visits are
// recorded (contract). Reached from the carrier's board; anyone signed in may look.
import { useEffect, type ReactNode } from "react";
import { Link } from "wouter";
import { ArrowLeft, Building2, CalendarClock, FileWarning, Hourglass, MapPinned, Scale, ThumbsUp } from "lucide-react";
import { SITE_MIN_VISITS, type NetworkScorecard } from "@contract/schemas/scorecard";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { errorMessage, formatNumber } from "../../lib/format";
import { useAuth } from "../../lib/use-auth";
import { useNetworkScorecard } from "./api";
import { useStoredDays } from "./components/days-picker";
import { ScorecardPeriod } from "./components/scorecard-period";
import { Problem } from "../../components/problem";
import { ChartCard, ColumnHeads, FiguresTable, SiteWaitingChart, TD } from "./components/chart-card";
import { formatDays, formatHours, formatPercent, formatWait, periodLabel, stopLabel, worstFirst } from "./scorecard-format";

interface Tile {
  label: string;
  value: string;
  detail: string;
  icon: ReactNode;
  tone: string;
}

function tilesOf(s: NetworkScorecard): Tile[] {
  const paid = s.daysToPay.median != null;
  return [
    {
      label: "Days to pay",
      value: formatDays(s.daysToPay.median),
      detail: paid ? `median · 90% paid within ${formatDays(s.daysToPay.p90)}` : "No invoice paid in the period",
      icon: <CalendarClock aria-hidden="true" />,
      tone: "bg-brand-50 text-brand-800",
    },
    {
      label: "Overdue invoices",
      value: formatNumber(s.overdueInvoices),
      detail: "Past their due date, not yet paid",
      icon: <FileWarning aria-hidden="true" />,
      tone: "bg-red-50 text-red-800",
    },
    {
      label: "Waiting claims",
      value: formatNumber(s.claims.submitted),
      detail: "Submitted by carriers",
      icon: <Scale aria-hidden="true" />,
      tone: "bg-purple-50 text-purple-800",
    },
    {
      label: "Claims approved",
      value: formatPercent(s.claims.approvedRate),
      detail: s.claims.approvedRate == null ? "No claim decided yet" : "Of the claims decided",
      icon: <ThumbsUp aria-hidden="true" />,
      tone: "bg-emerald-50 text-emerald-800",
    },
    {
      label: "Time to decide a claim",
      value: formatHours(s.claims.medianDecisionHours),
      detail: s.claims.medianDecisionHours == null ? "No claim decided yet" : "median, from submitted to decided",
      icon: <Hourglass aria-hidden="true" />,
      tone: "bg-orange-50 text-orange-800",
    },
  ];
}

function Tiles({ data }: { data: NetworkScorecard }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5" data-testid="network-figures">
      {tilesOf(data).map((t) => (
        <li key={t.label} className="flex min-w-0 items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid={`figure-${t.label}`}>
          <span className={cn("hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg sm:flex [&>svg]:h-5 [&>svg]:w-5", t.tone)}>{t.icon}</span>
          <div className="min-w-0">
            <p className="text-xs font-medium text-slate-600 sm:text-sm">{t.label}</p>
            <p className="text-lg font-bold text-slate-900 tabular [overflow-wrap:anywhere] sm:text-xl">{t.value}</p>
            <p className="text-xs text-slate-600">{t.detail}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SitesWaiting({ data }: { data: NetworkScorecard }) {
  const sites = worstFirst(data.waitingAtSites);
  if (!sites.length) {
    return (
      <section aria-labelledby="sites-empty" className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center" data-testid="sites-empty">
        <MapPinned className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
        <h2 id="sites-empty" className="mt-2 font-medium text-slate-900">
          Waiting at sites: not enough recorded visits yet
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          An area is shown once drivers have recorded at least {SITE_MIN_VISITS} visits to its pickups or deliveries (arrived and left), {periodLabel(data)}.
        </p>
      </section>
    );
  }
  const worst = sites[0]!;
  return (
    <ChartCard
      level={2}
      testId="sites-waiting"
      title="Waiting at sites"
      description={`The median time between arriving and leaving, by postcode area and stop, worst first; areas with at least ${SITE_MIN_VISITS} recorded visits. Longest: ${worst.postcodeArea} ${stopLabel(worst.stop).toLowerCase()}s, ${formatWait(worst.medianMinutes)}.`}
      chart={(ids) => <SiteWaitingChart sites={sites} {...ids} />}
      table={
        <FiguresTable
          maxHeight
          caption="Waiting at sites, worst first"
          head={<ColumnHeads words={["Postcode area", "Stop"]} figures={["Visits", "Median wait"]} />}
        >
          {sites.map((s) => (
            <tr key={`${s.postcodeArea}-${s.stop}`}>
              <th scope="row" className={cn(TD, "text-left font-medium")}>
                {s.postcodeArea}
              </th>
              <td className={TD}>{stopLabel(s.stop)}</td>
              <td className={cn(TD, "text-right tabular")}>{formatNumber(s.visits)}</td>
              <td className={cn(TD, "text-right tabular")}>{formatWait(s.medianMinutes)}</td>
            </tr>
          ))}
        </FiguresTable>
      }
    />
  );
}

export default function NetworkScorecardPage() {
  const { isStaff } = useAuth();
  const [days, setDays] = useStoredDays();
  const query = useNetworkScorecard(days);
  const data = query.data;

  useEffect(() => {
    document.title = "Network scorecard";
  }, []);

  let body: ReactNode;
  if (!data && query.isError) body = <Problem text={`The figures could not be loaded: ${errorMessage(query.error, "please try again.")}`} onRetry={() => void query.refetch()} />;
  else if (!data) body = <Spinner label="Loading the scorecard..." className="min-h-[40vh]" />;
  else
    body = (
      <div className="space-y-4">
        <section aria-labelledby="network-figures">
          <h2 id="network-figures" className="sr-only">
            Payment and claims, {periodLabel(data)}
          </h2>
          <Tiles data={data} />
        </section>
        <SitesWaiting data={data} />
      </div>
    );

  return (
    <main id="main-content" className="mx-auto w-full max-w-6xl space-y-4 px-4 py-4 sm:px-6 sm:py-6">
      <Link href="/" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Load Board
      </Link>
      <ScorecardPeriod
        subject="The figures"
        days={days}
        onDaysChange={setDays}
        query={query}
        heading={
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Network scorecard</h1>
            <p className="text-sm text-slate-600">
              How the network treats carriers: how soon it pays, how it decides waiting-time claims and how long its sites keep drivers waiting,{" "}
              {data ? periodLabel(data) : `the last ${days} days`}.
            </p>
            {!isStaff && (
              <p className="mt-1 text-sm">
                <Link href="/company" className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 underline underline-offset-2">
                  <Building2 className="h-4 w-4" aria-hidden="true" />
                  Your company's scorecard
                </Link>
              </p>
            )}
          </>
        }
      >
        {body}
      </ScorecardPeriod>
    </main>
  );
}
