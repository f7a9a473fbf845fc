// The positions the phones sent at a booked load's stops, for staff checking a
// claim's evidence: when, by whom, where (with a map link), how accurate and how
// far from the district centre. Kept 30 days, then only the evidence word stays.
import { MapPin } from "lucide-react";
import { POSITION_KEEP_DAYS } from "@contract/schemas/claim";
import { formatCardDateTime } from "../../../lib/format";
import { useStopPositions } from "../api";
import { countsAsEvidence, distanceText, mapLink, positionHeading, positionText } from "./position-words";

export function StopPositions({ loadId }: { loadId: string }) {
  const positions = useStopPositions(loadId, true);
  return (
    <div className="mt-3 text-sm" data-testid="stop-positions">
      <h4 className="mb-1 flex items-center gap-1.5 font-medium text-slate-900">
        <MapPin className="h-4 w-4" aria-hidden="true" />
        Positions sent
      </h4>
      {positions.isLoading ? (
        <p className="text-slate-600">Loading positions...</p>
      ) : positions.isError ? (
        <p role="alert" className="text-red-700">
          The positions could not be loaded.{" "}
          <button type="button" className="min-h-11 underline" onClick={() => void positions.refetch()}>
            Try again
          </button>
        </p>
      ) : !positions.data?.length ? (
        <p className="text-slate-600">No positions kept. A phone sends one when the driver allows it; they are deleted after {POSITION_KEEP_DAYS} days.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {positions.data.map((p, i) => (
            <li key={`${p.createdAt}-${i}`} className="space-y-0.5 p-2">
              <p>
                <span className="font-medium">{positionHeading(p)}</span>{" "}
                · {formatCardDateTime(p.createdAt)}
                {p.userName && <> · {p.userName}</>}
              </p>
              <p className="tabular">
                <a href={mapLink(p)} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
                  {positionText(p)}
                  <span className="sr-only"> (opens a map in a new tab)</span>
                </a>
              </p>
              <p className="text-slate-700">
                {distanceText(p)}
                {countsAsEvidence(p) ? "" : " · not evidence (too far or not accurate enough)"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
