// /user-guide: the full guide as a page (quick start for carriers, admin features,
// statuses and the PDF), opened in a new tab from /guide and the Help dialog.
import { Download, FileText } from "lucide-react";
import { usePublicConfig } from "../../lib/public-config";
import { ADMIN_FEATURES, GUIDE_VERSION_LINE, QUICK_START, USER_GUIDE_DOWNLOAD_NAME, USER_GUIDE_PDF_URL } from "./guide-content";

const STATUSES = [
  { name: "Available", text: "Open for carriers to accept or bid on." },
  { name: "Waiting for Approval", text: "Accepted by a carrier; an operator will contact them and approve it." },
  { name: "Approved", text: "Confirmed with a purchase order number; the carrier may start." },
  { name: "Completed", text: "Delivered, with proof of delivery recorded." },
  { name: "Cancelled", text: "Withdrawn by the network." },
];

export default function UserGuidePage() {
  const { productName } = usePublicConfig();
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <article>
        <header className="border-b border-slate-200 pb-5">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{productName} Carrier Portal User Guide</h1>
          <p className="mt-1 text-sm text-slate-600">{GUIDE_VERSION_LINE}</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <a
              href={USER_GUIDE_PDF_URL}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50"
            >
              <FileText className="h-4 w-4" aria-hidden="true" />
              Open the PDF
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <a
              href={USER_GUIDE_PDF_URL}
              download={USER_GUIDE_DOWNLOAD_NAME}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand-800 px-4 text-sm font-medium text-white hover:bg-brand-900"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Download PDF
            </a>
          </div>
        </header>

        <section aria-labelledby="ug-quick-start" className="mt-8">
          <h2 id="ug-quick-start" className="text-xl font-semibold text-slate-900">
            Quick start for carriers
          </h2>
          <ol className="mt-4 list-decimal space-y-4 pl-6 marker:font-semibold marker:text-brand-800">
            {QUICK_START.map((item) => (
              <li key={item.title}>
                <h3 className="font-medium text-slate-900">{item.title}</h3>
                <p className="mt-0.5 text-slate-700">{item.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="ug-statuses" className="mt-10">
          <h2 id="ug-statuses" className="text-xl font-semibold text-slate-900">
            Load statuses
          </h2>
          <dl className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {STATUSES.map((s) => (
              <div key={s.name} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr]">
                <dt className="font-medium text-slate-900">{s.name}</dt>
                <dd className="text-slate-700">{s.text}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="ug-admin" className="mt-10">
          <h2 id="ug-admin" className="text-xl font-semibold text-slate-900">
            Admin features
          </h2>
          <p className="mt-1 text-slate-700">For admins and managers, from the Admin button in the header.</p>
          <ul className="mt-4 space-y-4">
            {ADMIN_FEATURES.map((item) => (
              <li key={item.title}>
                <h3 className="font-medium text-slate-900">{item.title}</h3>
                <p className="mt-0.5 text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="ug-help" className="mt-10 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="ug-help" className="text-lg font-semibold text-slate-900">
            Need help?
          </h2>
          <p className="mt-1 text-slate-700">Contact your {productName} operator, or use the Help button at the top of every page.</p>
        </section>
      </article>
    </main>
  );
}
