// A company's scorecard, from facts: loads completed, on time at collection and at
// delivery (the stop's arrival against the load's booked time), hours from delivery to
// POD (median and 90th percentile), hand-backs, waiting-time claims and compliance, over
// the last 30, 90 or 365 days. Every figure with loads behind it opens them (their load
// numbers, late ones first), and each chart has a table beside it. Shown on the
// members' Company page and in the staff company dialog.
import { useId, useState, type ReactNode } from "react";
import { BarChart3 } from "lucide-react";
import type { CompanyScorecard as Scorecard } from "@contract/schemas/scorecard";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { errorMessage, formatNumber } from "../../lib/format";
import { useCompanyScorecard } from "./api";
import { useStoredDays } from "./components/days-picker";
import { FigureTiles } from "./components/figure-tiles";
import { LoadsBehindPanel } from "./components/loads-behind";
import { ScorecardPeriod } from "./components/scorecard-period";
import { Problem } from "../../components/problem";
import { ChartCard, ColumnHeads, FiguresTable, PodHoursChart, PunctualityChart, TD } from "./components/chart-card";
import { formatHours, formatOnTime, hoursInWords, loadsBehind, loadsCount, periodLabel, type LoadsBehind } from "./scorecard-format";

const isEmpty = (s: Scorecard) => s.loadsCompleted === 0 && s.loads.length === 0 && s.handedBack === 0 && s.waitingClaims.submitted === 0;

/** `level`: the heading level of the scorecard's title (2 on the Company page, 3 in the staff dialog). */
export function CompanyScorecard({ companyId, level = 2 }: { companyId: string; level?: 2 | 3 }) {
  const [days, setDays] = useStoredDays();
  const query = useCompanyScorecard(companyId, days);
  const data = query.data;
  const headingId = useId();
  const H = `h${level}` as "h2" | "h3";

  let body: ReactNode;
  if (!data && query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    body = gone ? (
      <Problem text="This company's scorecard is not available." />
    ) : (
      <Problem text={`The scorecard could not be loaded: ${errorMessage(query.error, "please try again.")}`} onRetry={() => void query.refetch()} />
    );
  } else if (!data) body = <Spinner label="Loading the scorecard..." className="py-8" />;
  else if (isEmpty(data))
    body = (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
        <BarChart3 className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">No completed loads in this period</p>
        <p className="mt-1 text-sm text-slate-600">No load was completed with its POD from {periodLabel(data)}. Choose a longer period to look further back.</p>
      </div>
    );
  else body = <Figures data={data} level={(level + 1) as 3 | 4} />;

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="company-scorecard">
      <ScorecardPeriod
        subject="The scorecard"
        days={days}
        onDaysChange={setDays}
        query={query}
        heading={
          <>
            <H id={headingId} className="text-lg font-semibold text-slate-900">
              Scorecard
            </H>
            <p className="text-sm text-slate-600">
              How the loads went, from the recorded times and PODs, {data ? periodLabel(data) : `the last ${days} days`}. Each figure opens the loads behind it.
            </p>
          </>
        }
      >
        {body}
      </ScorecardPeriod>
    </section>
  );
}

function Figures({ data, level }: { data: Scorecard; level: 3 | 4 }) {
  const [open, setOpen] = useState<LoadsBehind | null>(null);
  const panelId = useId();
  const withPod = loadsBehind(data.loads, "podHours").filter((l) => l.podHours != null);
  const stops = [
    { label: "Collection", c: data.collection },
    { label: "Delivery", c: data.delivery },
  ];
  return (
    <div className="space-y-3">
      <FigureTiles scorecard={data} open={open} onToggle={(f) => setOpen((o) => (o === f ? null : f))} panelId={panelId} />
      {open && <LoadsBehindPanel id={panelId} figure={open} loads={data.loads} onClose={() => setOpen(null)} />}
      <div className="grid grid-cols-1 gap-3">
        <ChartCard
          level={level}
          testId="chart-punctuality"
          title="On time at each stop"
          description={`Collection ${formatOnTime(data.collection)} on time, delivery ${formatOnTime(data.delivery)} on time, of the stops whose arrival or POD date is known; ${periodLabel(data)}.`}
          chart={(ids) => <PunctualityChart collection={data.collection} delivery={data.delivery} {...ids} />}
          table={
            <FiguresTable
              caption="On time at each stop"
              head={<ColumnHeads words={["Stop"]} figures={["On time", "Late", "Not known", "Share on time"]} />}
            >
              {stops.map((s) => (
                <tr key={s.label}>
                  <th scope="row" className={cn(TD, "text-left font-medium")}>
                    {s.label}
                  </th>
                  <td className={cn(TD, "text-right tabular")}>{formatNumber(s.c.onTime)}</td>
                  <td className={cn(TD, "text-right tabular")}>{formatNumber(s.c.late)}</td>
                  <td className={cn(TD, "text-right tabular")}>{formatNumber(s.c.unknown)}</td>
                  <td className={cn(TD, "text-right tabular")}>{formatOnTime(s.c)}</td>
                </tr>
              ))}
            </FiguresTable>
          }
        />
        <ChartCard
          level={level}
          testId="chart-pod-hours"
          title="Hours from delivery to POD"
          description={
            data.podHours.median == null
              ? `No POD was submitted for a load delivered in the period, ${periodLabel(data)}.`
              : `Half the PODs came within ${hoursInWords(data.podHours.median)} of delivery, 90% within ${hoursInWords(data.podHours.p90 ?? data.podHours.median)}; ${loadsCount(withPod.length)} with a POD.`
          }
          chart={withPod.length ? (ids) => <PodHoursChart loads={data.loads} {...ids} /> : null}
          table={
            <FiguresTable
              maxHeight
              caption="Hours from delivery to POD, slowest first"
              head={<ColumnHeads words={["Load"]} figures={["Hours to POD"]} />}
            >
              <tr className="bg-slate-50 font-semibold">
                <th scope="row" className={cn(TD, "text-left")}>
                  Median
                </th>
                <td className={cn(TD, "text-right tabular")}>{formatHours(data.podHours.median)}</td>
              </tr>
              <tr className="bg-slate-50 font-semibold">
                <th scope="row" className={cn(TD, "text-left")}>
                  90th percentile
                </th>
                <td className={cn(TD, "text-right tabular")}>{formatHours(data.podHours.p90)}</td>
              </tr>
              {withPod.map((l) => (
                <tr key={l.id}>
                  <th scope="row" className={cn(TD, "text-left font-medium")}>
                    #{l.loadNumber}
                  </th>
                  <td className={cn(TD, "text-right tabular")}>{formatHours(l.podHours)}</td>
                </tr>
              ))}
            </FiguresTable>
          }
        />
      </div>
    </div>
  );
}
