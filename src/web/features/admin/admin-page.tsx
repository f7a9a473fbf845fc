// Admin dashboard (spec §2): header actions, ten tabs with counts (Compliance: issue 17; Invoices: issue 18), and the
// dialogs for loads, bids, POD and users. Staff work here all day (ui.md): dense
// tables, filters that stay put across tabs and reloads, counts on tabs.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Tabs } from "radix-ui";
import { useIsFetching } from "@tanstack/react-query";
import { ArrowLeft, CalendarClock, ChartColumn, FileUp, Loader2, Plus, Settings } from "lucide-react";
import type { LoadStatus } from "@contract/constants";
import { DEFAULT_LOAD_SORT, LOAD_SORTS, type Load, type LoadSort } from "@contract/schemas/load";
import { useAuth } from "../auth/use-auth";
import { Button } from "../../components/ui/button";
import { formatNumber } from "../../lib/format";
import { LoadDetailsDialog } from "../loads/components/load-details-dialog";
import { ManageBidsDialog } from "../bids/components/manage-bids-dialog";
import { LoadsWithBidsTab, useLoadsWithBidsCount } from "../bids/components/loads-with-bids-tab";
import { PodInfoDialog } from "../pod/components/pod-info-dialog";
import { PodDocumentDialog } from "../pod/components/pod-document-dialog";
import { EmailScheduleDialog } from "./components/email-schedule-dialog";
import { MailBatchStatus, SendLoadsEmailButton } from "./components/send-loads-email-button";
import { FailedMailButton } from "./components/failed-mail-dialog";
import { ADMIN_PAGE, EMPTY_FILTERS, loadsUrl, useAdminLoads, type AdminLoadFilters } from "./api/queries";
import { ExportButton } from "../../components/export-button";
import { usePendingCount } from "./api/user-lists";
import { useResetLoad, useUpdateLoadStatus } from "./api/mutations";
import { LoadFilters, useCarrierOptions } from "./components/load-filters";
import { LoadsTable, type LoadColumn } from "./components/loads-table";
import { TablePager, usePagedTable } from "../../components/table-pager";
import { sortStateOf } from "../../lib/page-query";
import type { LoadActionHandlers, LoadTab } from "./components/load-actions-menu";
import { CancelLoadDialog } from "./components/cancel-load-dialog";
import { ApproveLoadDialog } from "./components/approve-load-dialog";
import { LoadFormDialog } from "./components/load-form/load-form-dialog";
import { UsersTab } from "./components/users-tab";
import { CarriersTab } from "./components/carriers-tab";
import { PendingTab } from "./components/pending-tab";
import { ComplianceTab, summaryText } from "../companies/staff/compliance-tab";
import { ComplianceSettingsDialog } from "../companies/staff/compliance-settings-dialog";
import { useComplianceSummary } from "../companies/staff/api";
import { InvoicesTab, useOverdueInvoiceCount } from "../invoices/staff/invoices-tab";
import { isAdminUser } from "@contract/constants";
import { IntegrationsTab } from "../integrations/integrations-tab";
import { ImportLoadsDialog } from "../integrations/import/import-loads-dialog";

// Integrations (issue 20): admins only, so a manager never sees the tab
type TabKey = "all" | "bids" | "accepted" | "approved" | "completed" | "users" | "carriers" | "pending" | "compliance" | "invoices" | "integrations";
const TAB_KEYS: TabKey[] = ["all", "bids", "accepted", "approved", "completed", "users", "carriers", "pending", "compliance", "invoices", "integrations"];
type LoadTabKey = LoadTab;

const STORE_KEY = "admin-dashboard";

/** Filters and the open tab survive a reload in this browser tab (ui.md: filters that stay put). */
function useStoredState<T>(key: string, initial: T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = sessionStorage.getItem(`${STORE_KEY}.${key}`);
      return raw ? ({ ...initial, ...JSON.parse(raw) } as T) : initial;
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (v: T) => {
      setValue(v);
      try {
        sessionStorage.setItem(`${STORE_KEY}.${key}`, JSON.stringify(v));
      } catch {
        // private mode: the filters still work, they just do not survive a reload
      }
    },
    [key],
  );
  return [value, set];
}

const TAB_CONFIG: Record<LoadTabKey, { statuses?: LoadStatus[]; columns: LoadColumn[]; empty: string; caption: string; exportWhat: string }> = {
  all: {
    exportWhat: "loads",
    columns: ["loadNumber", "po", "cargo", "route", "price", "fors", "status", "pod", "pickup", "acceptedBy", "created", "actions"],
    empty: "No loads match the current filters.",
    caption: "All loads",
  },
  accepted: {
    statuses: ["accepted"],
    columns: ["loadNumber", "route", "price", "acceptedBy", "acceptedAt", "pickup", "pod", "status", "actions"],
    empty: "No accepted loads found matching the current filters.",
    caption: "Accepted loads waiting for approval",
    exportWhat: "accepted loads",
  },
  approved: {
    statuses: ["approved"],
    columns: ["loadNumber", "po", "route", "price", "acceptedBy", "pickup", "status", "actions"],
    empty: "No approved loads found matching the current filters.",
    caption: "Approved loads",
    exportWhat: "approved loads",
  },
  completed: {
    statuses: ["completed"],
    columns: ["loadNumber", "po", "route", "price", "acceptedBy", "pickup", "completedAt", "pod", "actions"],
    empty: "No completed loads found matching the current filters.",
    caption: "Completed loads",
    exportWhat: "completed loads",
  },
};

function LoadsPanel({
  tab,
  filters,
  onFilters,
  handlers,
}: {
  tab: LoadTabKey;
  filters: AdminLoadFilters;
  onFilters: (f: AdminLoadFilters) => void;
  handlers: LoadActionHandlers;
}) {
  const cfg = TAB_CONFIG[tab];
  // the server pages, sorts and searches every load (issue 13); a page of 50 at a time
  const table = usePagedTable({ pageSize: ADMIN_PAGE, sort: sortStateOf(filters.sort), search: filters.search });
  const sort = (table.params.sort ?? DEFAULT_LOAD_SORT) as LoadSort;
  const search = table.params.search ?? "";
  // the order and the search stay put across tabs and reloads, like the filters (ui.md)
  useEffect(() => {
    if (sort !== filters.sort || search !== filters.search) onFilters({ ...filters, sort, search });
    // only a new order or search is written back, so the filters are not a dependency
  }, [sort, search]);
  // the tab's own status is fixed; All Loads sends the chosen statuses
  const listFilters = { ...filters, statuses: cfg.statuses ?? filters.statuses, sort, search };
  const query = useAdminLoads(listFilters, table.params);
  const carrierOptions = useCarrierOptions(query.data?.loads, filters.carriers);
  return (
    <div className="space-y-3">
      <LoadFilters
        filters={filters}
        onChange={(f) => {
          onFilters(f);
          table.setOffset(0);
        }}
        showStatus={tab === "all"}
        carrierOptions={carrierOptions}
        search={table.search}
        onSearch={table.setSearch}
        total={query.data?.total}
        // the export of exactly this list (its filters, search and order), every page
        actions={<ExportButton kind="loads" listUrl={loadsUrl(listFilters, table.params)} what={cfg.exportWhat} />}
      />
      <LoadsTable
        caption={cfg.caption}
        loads={query.data?.loads}
        columns={cfg.columns}
        tab={tab}
        handlers={handlers}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={cfg.empty}
        sort={table.sort}
        onSort={table.toggleSort}
      />
      {query.data && (
        <TablePager label={`${cfg.caption}: pages`} total={query.data.total} offset={table.params.offset} limit={table.params.limit} onOffset={table.setOffset} />
      )}
    </div>
  );
}

/** Filters kept by an older version of the page lack the search and the order; an order the server no longer knows is dropped. */
function storedFilters(f: Partial<AdminLoadFilters> | undefined): AdminLoadFilters {
  const merged = { ...EMPTY_FILTERS, ...f };
  return LOAD_SORTS.includes(merged.sort) ? merged : { ...merged, sort: DEFAULT_LOAD_SORT };
}

function CountBadge({ n, label }: { n: number | undefined; label: string }) {
  if (n == null) return null;
  return (
    <span
      className="tabular ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-800 group-data-[state=active]:bg-brand-800 group-data-[state=active]:text-white"
      aria-label={`(${formatNumber(n)} ${label})`}
    >
      {formatNumber(n)}
    </span>
  );
}

/** spec §2: "Updating data..." while any list refetches; a small indicator, never a layout jump. */
function UpdatingIndicator() {
  const refetching = useIsFetching({ predicate: (q) => q.state.data !== undefined && q.queryKey[0] !== "/api/auth/user" });
  return (
    <span className={`inline-flex items-center gap-1 text-xs text-slate-600 ${refetching ? "visible" : "invisible"}`}>
      <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />
      Updating data...
    </span>
  );
}

function TabTrigger({ value, children, title }: { value: TabKey; children: ReactNode; title?: string }) {
  return (
    <Tabs.Trigger
      value={value}
      title={title}
      className="group inline-flex min-h-11 shrink-0 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-800 data-[state=active]:text-brand-800"
    >
      {children}
    </Tabs.Trigger>
  );
}

export default function AdminPage() {
  const { user } = useAuth();
  const isAdmin = isAdminUser(user);
  const [tab, setTab] = useStoredState<{ key: TabKey }>("tab", { key: "all" });
  const [filters, setFilters] = useStoredState<Record<LoadTabKey, AdminLoadFilters>>("filters", {
    all: EMPTY_FILTERS,
    accepted: EMPTY_FILTERS,
    approved: EMPTY_FILTERS,
    completed: EMPTY_FILTERS,
  });

  // dialogs
  // load: the load edited; copyOf: the load a new one is filled from (nothing is created until Save)
  const [form, setForm] = useState<{ open: boolean; load: Load | null; copyOf: Load | null }>({
    open: false,
    load: null,
    copyOf: null,
  });
  const [details, setDetails] = useState<Load | null>(null);
  const [bidsFor, setBidsFor] = useState<Load | null>(null);
  const [cancelling, setCancelling] = useState<Load | null>(null);
  const [approving, setApproving] = useState<Load | null>(null);
  const [podInfo, setPodInfo] = useState<Load | null>(null);
  const [podDoc, setPodDoc] = useState<Load | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [failedMailOpen, setFailedMailOpen] = useState(false);
  const [complianceOpen, setComplianceOpen] = useState(false);

  const status = useUpdateLoadStatus();
  const resetLoad = useResetLoad();

  // tab counts (spec §2): Loads with Bids, Accepted, Pending
  const bidsCount = useLoadsWithBidsCount();
  // the true total of accepted loads (the Accepted tab's first page, unfiltered, is the same request)
  const accepted = useAdminLoads({ statuses: ["accepted"] });
  const pendingCount = usePendingCount();
  // issue 17: the Compliance tab's title counts the documents waiting for review
  const compliance = useComplianceSummary();
  // issue 18: the Invoices tab counts the overdue invoices
  const overdueInvoices = useOverdueInvoiceCount();

  useEffect(() => {
    document.title = "Admin Dashboard";
  }, []);

  const setStatus = (load: Load, to: LoadStatus, reason?: string) =>
    user && status.mutateAsync({ load, status: to, userId: user.id, reason }).catch(() => undefined);

  const handlers: LoadActionHandlers = {
    onView: setDetails,
    onEdit: (l) => setForm({ open: true, load: l, copyOf: null }),
    // contract: Copy Load opens the form filled from the original and creates nothing until Save
    onCopy: (l) => setForm({ open: true, load: null, copyOf: l }),
    onManageBids: setBidsFor,
    // issue 15: Approve asks for the PO number, prefilled with the next one
    onApprove: setApproving,
    onComplete: (l) => void setStatus(l, "completed"),
    onCancel: setCancelling,
    onUncancel: (l) => void setStatus(l, "available"),
    onReset: (l) => resetLoad.mutate(l),
    onViewPod: setPodInfo,
    onGeneratePod: setPodDoc,
  };

  return (
    <main id="main-content" className="mx-auto max-w-[100rem] px-3 py-4 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <Link href="/" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        {/* the weekly figures and charts (issue 18), a page of their own so their chart code loads only there */}
        <Link href="/insight" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ChartColumn className="h-4 w-4" aria-hidden="true" />
          Insight: weekly figures
        </Link>
      </div>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
          <div className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
            <span>Loads, bids, carriers and users</span>
            <UpdatingIndicator />
          </div>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          <Button onClick={() => setForm({ open: true, load: null, copyOf: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add New Load
          </Button>
          {/* CSV load import (contract-beyond "Load import"), next to adding one by hand */}
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <FileUp className="h-4 w-4" aria-hidden="true" />
            Import CSV
          </Button>
          <SendLoadsEmailButton />
          <Button variant="outline" onClick={() => setScheduleOpen(true)}>
            <CalendarClock className="h-4 w-4" aria-hidden="true" />
            Schedule Email
          </Button>
          <Button variant="outline" onClick={() => setComplianceOpen(true)}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            {/* the header keeps one row at a 1280 px desk: "Settings" is read out there, shown on wider screens and phones */}
            <span>
              Compliance<span className="sm:max-2xl:sr-only"> Settings</span>
            </span>
          </Button>
          <FailedMailButton open={failedMailOpen} onOpenChange={setFailedMailOpen} />
        </div>
      </div>
      {/* the available-loads email just queued, counted as it is delivered (issue 14) */}
      <MailBatchStatus onShowFailed={() => setFailedMailOpen(true)} />

      <Tabs.Root value={tab.key === "integrations" && !isAdmin ? "all" : tab.key} onValueChange={(v) => TAB_KEYS.includes(v as TabKey) && setTab({ key: v as TabKey })}>
        <Tabs.List aria-label="Admin sections" className="mb-4 flex overflow-x-auto border-b border-slate-200">
          <TabTrigger value="all">All Loads</TabTrigger>
          <TabTrigger value="bids">
            Loads with Bids <CountBadge n={bidsCount} label="loads with pending bids" />
          </TabTrigger>
          <TabTrigger value="accepted">
            Accepted <CountBadge n={accepted.data?.total} label="accepted loads" />
          </TabTrigger>
          <TabTrigger value="approved">Approved</TabTrigger>
          <TabTrigger value="completed">Completed</TabTrigger>
          <TabTrigger value="users">Users</TabTrigger>
          <TabTrigger value="carriers">Carriers</TabTrigger>
          <TabTrigger value="pending">
            Pending <CountBadge n={pendingCount} label="pending users" />
          </TabTrigger>
          <TabTrigger value="compliance" title={compliance.data ? summaryText(compliance.data) : undefined}>
            Compliance <CountBadge n={compliance.data?.pending} label="documents waiting for review" />
          </TabTrigger>
          <TabTrigger value="invoices">
            Invoices <CountBadge n={overdueInvoices || undefined} label="overdue invoices" />
          </TabTrigger>
          {isAdmin && <TabTrigger value="integrations">Integrations</TabTrigger>}
        </Tabs.List>

        {(["all", "accepted", "approved", "completed"] as const).map((k) => (
          <Tabs.Content key={k} value={k} className="focus-visible:outline-none">
            <LoadsPanel tab={k} filters={storedFilters(filters[k])} onFilters={(f) => setFilters({ ...filters, [k]: f })} handlers={handlers} />
          </Tabs.Content>
        ))}
        <Tabs.Content value="bids">
          <LoadsWithBidsTab onEditLoad={(l) => setForm({ open: true, load: l, copyOf: null })} />
        </Tabs.Content>
        <Tabs.Content value="users">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="carriers">
          <CarriersTab />
        </Tabs.Content>
        <Tabs.Content value="pending">
          <PendingTab />
        </Tabs.Content>
        <Tabs.Content value="compliance">
          <ComplianceTab />
        </Tabs.Content>
        <Tabs.Content value="invoices">
          <InvoicesTab />
        </Tabs.Content>
        {isAdmin && (
          <Tabs.Content value="integrations">
            <IntegrationsTab />
          </Tabs.Content>
        )}
      </Tabs.Root>

      <LoadFormDialog
        open={form.open}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        load={form.load}
        copyOf={form.copyOf}
      />
      <LoadDetailsDialog
        loadId={details?.id ?? null}
        initialLoad={details ?? undefined}
        open={!!details}
        onOpenChange={(o) => !o && setDetails(null)}
      />
      <ManageBidsDialog load={bidsFor} open={!!bidsFor} onOpenChange={(o) => !o && setBidsFor(null)} />
      <CancelLoadDialog
        load={cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        pending={status.isPending}
        onConfirm={async (reason) => {
          if (cancelling) await setStatus(cancelling, "cancelled", reason || undefined);
          setCancelling(null);
        }}
      />
      <ApproveLoadDialog load={approving} userId={user?.id} onOpenChange={(o) => !o && setApproving(null)} />
      <PodInfoDialog load={podInfo} open={!!podInfo} onOpenChange={(o) => !o && setPodInfo(null)} />
      {podDoc && <PodDocumentDialog load={podDoc} open onOpenChange={(o) => !o && setPodDoc(null)} />}
      <EmailScheduleDialog open={scheduleOpen} onOpenChange={setScheduleOpen} />
      <ImportLoadsDialog open={importOpen} onOpenChange={setImportOpen} />
      <ComplianceSettingsDialog open={complianceOpen} onOpenChange={setComplianceOpen} />
    </main>
  );
}
