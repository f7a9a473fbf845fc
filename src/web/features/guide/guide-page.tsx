// /guide: a quick start list, an admin features list and a link that
// opens the full user guide at /user-guide in a new tab.
import { BookOpen, ExternalLink } from "lucide-react";
import { ADMIN_FEATURES, GUIDE_VERSION_LINE, QUICK_START } from "./guide-content";
import { DataSources } from "./data-sources";

export default function GuidePage() {
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Getting Started</h1>
          <p className="mt-1 text-sm text-slate-600">Carrier portal user guide, {GUIDE_VERSION_LINE}</p>
        </div>
        <a
          href="/user-guide"
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand-800 px-4 text-sm font-medium text-white hover:bg-brand-900"
        >
          <BookOpen className="h-4 w-4" aria-hidden="true" />
          Open the full user guide
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>

      <section aria-labelledby="quick-start" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="quick-start" className="text-lg font-semibold text-slate-900">
          Quick start
        </h2>
        <ol className="mt-4 space-y-4">
          {QUICK_START.map((item, i) => (
            <li key={item.title} className="flex gap-3">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="font-medium text-slate-900">{item.title}</h3>
                <p className="mt-0.5 text-sm text-slate-700">{item.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="admin-features" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="admin-features" className="text-lg font-semibold text-slate-900">
          Admin features
        </h2>
        <p className="mt-1 text-sm text-slate-600">For admins and managers.</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {ADMIN_FEATURES.map((item) => (
            <li key={item.title} className="rounded-lg border border-slate-200 p-4">
              <h3 className="font-medium text-slate-900">{item.title}</h3>
              <p className="mt-0.5 text-sm text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="data-sources" className="mt-6 px-1 text-xs text-slate-600">
        <h2 id="data-sources" className="text-sm font-semibold text-slate-900">
          Data sources
        </h2>
        <div className="mt-1">
          <DataSources />
        </div>
      </section>
    </main>
  );
}
