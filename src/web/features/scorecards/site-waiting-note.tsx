// On a load's details: how long drivers typically wait at the pickup's and the delivery's
// postcode areas, when the network knows ("Typical wait at LS pickups: 1 h 10 min (12
// visits)"). GET /api/loads/{id} adds `siteWaiting` with each stop's area, or null
// where fewer than 3 visits are recorded; nothing is shown when neither is known.
import { Hourglass } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { STOPS } from "@contract/schemas/claim";
import type { SiteWaitingOfLoad } from "./api";
import { siteWaitingLine } from "./scorecard-format";

export function SiteWaitingNote({ load }: { load: Load }) {
  const waiting = (load as Load & { siteWaiting?: SiteWaitingOfLoad | null }).siteWaiting;
  const lines = STOPS.flatMap((stop) => {
    const w = waiting?.[stop];
    return w ? [{ stop, text: siteWaitingLine(stop, w) }] : [];
  });
  if (!lines.length) return null;
  return (
    <section aria-label="Typical waiting" className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="site-waiting">
      <ul className="space-y-1">
        {lines.map((l) => (
          <li key={l.stop} className="flex items-start gap-2 text-slate-800">
            <Hourglass className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
            {l.text}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-slate-600">The median time between arriving and leaving, from the visits drivers recorded there.</p>
    </section>
  );
}
