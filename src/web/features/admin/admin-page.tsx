// Admin dashboard: header actions, the tabs with their counts
// (admin-tabs.tsx), and the dialogs for loads, bids, POD and users. Staff work
// here all day (ui.md): dense tables, filters that stay put across tabs and
// reloads, counts on tabs.
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useIsFetching } from "@tanstack/react-query";
import { ArrowLeft, CalendarClock, ChartColumn, FileUp, Loader2, Plus, Settings } from "lucide-react";
import { Button } from "../../components/ui/button";
import { useAuth } from "../../lib/use-auth";
import { ComplianceSettingsDialog } from "../companies-staff";
import { ImportLoadsDialog } from "../integrations";
import { InvoiceSettingsCheck } from "../invoices";
import { EmailScheduleDialog } from "./components/email-schedule-dialog";
import { MailBatchStatus, SendLoadsEmailButton } from "./components/send-loads-email-button";
import { FailedMailButton } from "./components/failed-mail-dialog";
import { AdminTabs } from "./components/admin-tabs";
import { useLoadDialogs } from "./components/load-dialogs";

/** "Updating data..." while any list refetches; a small indicator, never a layout jump. */
function UpdatingIndicator() {
  const refetching = useIsFetching({ predicate: (q) => q.state.data !== undefined && q.queryKey[0] !== "/api/auth/user" });
  return (
    <span className={`inline-flex items-center gap-1 text-xs text-slate-600 ${refetching ? "visible" : "invisible"}`}>
      <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />
      Updating data...
    </span>
  );
}

export default function AdminPage() {
  const { user } = useAuth();
  const loadDialogs = useLoadDialogs(user);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [failedMailOpen, setFailedMailOpen] = useState(false);
  const [complianceOpen, setComplianceOpen] = useState(false);

  useEffect(() => {
    document.title = "Admin Dashboard";
  }, []);

  return (
    <main id="main-content" className="mx-auto max-w-[100rem] px-3 py-4 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <Link href="/" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        {/* the weekly figures and charts, a page of their own so their chart code loads only there */}
        <Link href="/insight" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ChartColumn className="h-4 w-4" aria-hidden="true" />
          Insight: weekly figures
        </Link>
      </div>
      {/* the title beside the actions only where they all fit on its row (from 1536 px);
          at a 1280 px desk the actions take a row of their own, one row, none wrapped */}
      <div className="mb-4 flex flex-col gap-3 2xl:flex-row 2xl:items-end 2xl:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
          <div className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
            <span>Loads, bids, carriers and users</span>
            <UpdatingIndicator />
          </div>
        </div>
        {/* on a phone two short actions share a row (dense fills the gaps the wide ones leave): four rows, not six */}
        <div className="grid grid-flow-row-dense grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button className="col-span-2" onClick={() => loadDialogs.openForm(null)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add New Load
          </Button>
          {/* CSV load import, next to adding one by hand */}
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <FileUp className="h-4 w-4" aria-hidden="true" />
            Import CSV
          </Button>
          <div className="col-span-2 grid sm:contents">
            <SendLoadsEmailButton />
          </div>
          <Button variant="outline" onClick={() => setScheduleOpen(true)}>
            <CalendarClock className="h-4 w-4" aria-hidden="true" />
            Schedule Email
          </Button>
          <Button variant="outline" onClick={() => setComplianceOpen(true)}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            {/* the header keeps one row at a 1280 px desk and half a row on a phone: "Settings" is read out there, shown on wider screens */}
            <span>
              Compliance<span className="max-2xl:sr-only"> Settings</span>
            </span>
          </Button>
          <FailedMailButton open={failedMailOpen} onOpenChange={setFailedMailOpen} />
        </div>
      </div>
      {/* until the network's details are in Invoice Settings, staff are asked to fill them before the first completion */}
      <InvoiceSettingsCheck />
      {/* the available-loads email just queued, counted as it is delivered */}
      <MailBatchStatus onShowFailed={() => setFailedMailOpen(true)} />

      <AdminTabs user={user} handlers={loadDialogs.handlers} onEditLoad={loadDialogs.openForm} />

      {loadDialogs.dialogs}
      <EmailScheduleDialog open={scheduleOpen} onOpenChange={setScheduleOpen} />
      <ImportLoadsDialog open={importOpen} onOpenChange={setImportOpen} />
      <ComplianceSettingsDialog open={complianceOpen} onOpenChange={setComplianceOpen} />
    </main>
  );
}
