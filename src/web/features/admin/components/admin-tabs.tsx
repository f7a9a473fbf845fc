// The admin dashboard's tabs, with counts where staff need them: All
// Loads, Loads with Bids, Accepted, Approved, Completed, Users, Carriers, Pending,
// Compliance, Invoices, Claims, Trucks and, for admins only, Integrations. The open tab and each
// load tab's filters stay put across reloads (ui.md: filters that stay put).
import type { ReactNode } from "react";
import { Tabs } from "radix-ui";
import { isAdminUser } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import type { User } from "@contract/schemas/user";
import { formatNumber } from "../../../lib/format";
import { LoadsWithBidsTab, useLoadsWithBidsCount } from "../../bids-staff";
import { ComplianceTab, summaryText, useComplianceSummary } from "../../companies-staff";
import { InvoicesTab, useOverdueInvoiceCount } from "../../invoices";
import { IntegrationsTab } from "../../integrations";
import { ClaimsTab, usePendingClaimCount } from "../../claims";
import { TrucksTab, useOpenTruckCount } from "../../trucks";
import { Later } from "../../../lib/lazy";
import { EMPTY_FILTERS, useAdminLoads, type AdminLoadFilters } from "../api/queries";
import { usePendingCount } from "../api/user-lists";
import { useStoredState } from "../lib/stored-state";
import type { LoadActionHandlers, LoadTab } from "./load-actions-menu";
import { LoadsPanel, storedFilters } from "./loads-panel";
import { UsersTab } from "./users-tab";
import { CarriersTab } from "./carriers-tab";
import { PendingTab } from "./pending-tab";

// Integrations: admins only, so a manager never sees the tab
type TabKey = "all" | "bids" | "accepted" | "approved" | "completed" | "users" | "carriers" | "pending" | "compliance" | "invoices" | "claims" | "trucks" | "integrations";
const TAB_KEYS: TabKey[] = ["all", "bids", "accepted", "approved", "completed", "users", "carriers", "pending", "compliance", "invoices", "claims", "trucks", "integrations"];

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

export function AdminTabs({ user, handlers, onEditLoad }: { user: User | null | undefined; handlers: LoadActionHandlers; onEditLoad: (load: Load) => void }) {
  const isAdmin = isAdminUser(user);
  const [tab, setTab] = useStoredState<{ key: TabKey }>("tab", { key: "all" });
  const [filters, setFilters] = useStoredState<Record<LoadTab, AdminLoadFilters>>("filters", {
    all: EMPTY_FILTERS,
    accepted: EMPTY_FILTERS,
    approved: EMPTY_FILTERS,
    completed: EMPTY_FILTERS,
  });

  // tab counts: Loads with Bids, Accepted, Pending
  const bidsCount = useLoadsWithBidsCount();
  // the true total of accepted loads (the Accepted tab's first page, unfiltered, is the same request)
  const accepted = useAdminLoads({ statuses: ["accepted"] });
  const pendingCount = usePendingCount();
  // the Compliance tab's title counts the documents waiting for review
  const compliance = useComplianceSummary();
  // the Invoices tab counts the overdue invoices
  const overdueInvoices = useOverdueInvoiceCount();
  // the Claims tab counts the waiting-time claims waiting for a decision
  const pendingClaims = usePendingClaimCount();
  // the Trucks tab counts the open trucks carriers posted
  const openTrucks = useOpenTruckCount();

  return (
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
        <TabTrigger value="claims">
          Claims <CountBadge n={pendingClaims || undefined} label="claims waiting for a decision" />
        </TabTrigger>
        <TabTrigger value="trucks">
          Trucks <CountBadge n={openTrucks || undefined} label="open trucks" />
        </TabTrigger>
        {isAdmin && <TabTrigger value="integrations">Integrations</TabTrigger>}
      </Tabs.List>

      {(["all", "accepted", "approved", "completed"] as const).map((k) => (
        <Tabs.Content key={k} value={k} className="focus-visible:outline-none">
          <LoadsPanel tab={k} filters={storedFilters(filters[k])} onFilters={(f) => setFilters({ ...filters, [k]: f })} handlers={handlers} />
        </Tabs.Content>
      ))}
      <Tabs.Content value="bids">
        <LoadsWithBidsTab onEditLoad={onEditLoad} />
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
      <Tabs.Content value="claims">
        <Later>
          <ClaimsTab />
        </Later>
      </Tabs.Content>
      <Tabs.Content value="trucks">
        <Later>
          <TrucksTab />
        </Later>
      </Tabs.Content>
      {isAdmin && (
        <Tabs.Content value="integrations">
          <IntegrationsTab />
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}
