// The open data behind distance estimates and the attributions their licences
// require (OGL v3.0, CC BY 4.0), for the /guide page and the Help dialog.
import { DATA_SOURCES, DATA_SOURCES_INTRO } from "./guide-content";

export function DataSources() {
  return (
    <>
      <p>{DATA_SOURCES_INTRO}</p>
      <ul className="mt-2 space-y-2">
        {DATA_SOURCES.map((source) => (
          <li key={source.name} className="break-words">
            <span className="font-medium text-slate-900">{source.name}</span>, under the{" "}
            <a href={source.licenceUrl} target="_blank" rel="noopener" className="underline hover:text-slate-900">
              {source.licence}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            : {source.attribution}
          </li>
        ))}
      </ul>
    </>
  );
}
