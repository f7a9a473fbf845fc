// Before the compliance switches are saved: how many companies and open bids the
// settings on screen would block, and their names with the reason
// (GET /api/admin/compliance-settings/preview). Asked again at each toggle; the
// headline is a polite live region, so a screen reader hears the new counts.
import { useId, type ReactNode } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import type { ComplianceSettings } from "@contract/schemas/company";
import type { CompliancePreview } from "@contract/schemas/compliance-preview";
import { api } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { Button } from "../../components/ui/button";
import { listHeading, moreText, OPEN_BIDS_MEANING, previewHeadline } from "./compliance-preview-words";

/** Names shown before "Show all": enough to recognise, short enough for a phone. */
const FIRST = 5;

export function useCompliancePreview(v: ComplianceSettings, enabled: boolean) {
  const url = `/api/admin/compliance-settings/preview?${new URLSearchParams({ requireCompliance: String(v.requireCompliance), enforceFors: String(v.enforceFors) })}`;
  return useQuery({
    queryKey: ["/api/admin/compliance-settings", "preview", url],
    queryFn: () => api.get<CompliancePreview>(url),
    enabled,
    placeholderData: keepPreviousData,
    // what is blocked moves with documents and bids: ask afresh each time the dialog opens
    staleTime: 0,
  });
}

export function CompliancePreviewPanel({ settings }: { settings: ComplianceSettings }) {
  const on = settings.requireCompliance || settings.enforceFors;
  const preview = useCompliancePreview(settings, on);
  const headingId = useId();
  if (!on) return null;
  const p = preview.data;
  return (
    <section aria-labelledby={headingId} data-testid="compliance-preview" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-amber-950">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
        What these settings will block
      </h3>
      <p aria-live="polite" className="font-medium text-slate-900" data-testid="compliance-preview-headline">
        {p ? previewHeadline(p) : preview.isError ? "" : "Checking companies and open bids..."}
      </p>
      {preview.isError && !p && (
        <div role="alert" className="space-y-2">
          <p className="text-red-800">Could not check what these settings would block. You can still save them.</p>
          <Button variant="outline" size="sm" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {p && p.companyCount > 0 && (
        <NameList
          label={listHeading("Companies", p.companyCount)}
          total={p.companyCount}
          testId="preview-company"
          items={p.companies.map((c) => ({ key: c.id, name: c.name, reason: c.reason }))}
        />
      )}
      {p && p.openBidCount > 0 && (
        <NameList
          label={listHeading("Open bids", p.openBidCount)}
          total={p.openBidCount}
          testId="preview-bid"
          items={p.openBids.map((b) => ({
            key: b.bidId,
            name: `#${b.loadNumber}: ${b.carrierCompany || b.carrierName || "Unknown carrier"}, ${formatMoney(b.bidAmount)}`,
            reason: b.reason,
          }))}
        />
      )}
      {p && p.openBidCount > 0 && <p className="text-xs text-slate-700">{OPEN_BIDS_MEANING}</p>}
    </section>
  );
}

interface Named {
  key: string;
  name: string;
  reason: string;
}

/** The first names, the rest behind "Show all" (native details: keyboard and screen readers for free). */
function NameList({ label, total, items, testId }: { label: string; total: number; items: Named[]; testId: string }) {
  const first = items.slice(0, FIRST);
  const rest = items.slice(FIRST);
  const more = moreText(total, items.length);
  return (
    <div>
      <h4 className="font-semibold text-slate-900">{label}</h4>
      <Items items={first} testId={testId} />
      {rest.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer rounded text-brand-800 underline focus-visible:outline-2 focus-visible:outline-brand-600">Show all {items.length}</summary>
          <Items items={rest} testId={testId} />
        </details>
      )}
      {more && <p className="mt-1 text-xs text-slate-700">{more}</p>}
    </div>
  );
}

function Items({ items, testId }: { items: Named[]; testId: string }): ReactNode {
  return (
    <ul className="mt-1 space-y-1">
      {items.map((i) => (
        <li key={i.key} data-testid={testId} className="wrap-anywhere">
          <span className="font-medium text-slate-900">{i.name}</span>
          <span className="block text-xs text-slate-700">{i.reason}</span>
        </li>
      ))}
    </ul>
  );
}
