// The dialogs a load opens from the admin dashboard: add, edit or copy
// it, its details, its bids, cancel (with a reason), approve (with the PO number),
// its POD and the POD document; and what each row's actions menu does.
import { useState } from "react";
import type { LoadStatus } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import type { User } from "@contract/schemas/user";
import { Later } from "../../../lib/lazy";
import { LoadDetailsDialog } from "../../loads";
import { ManageBidsDialog } from "../../bids-staff";
import { PodDocumentDialog, PodInfoDialog } from "../../pod-document";
import { InvoiceSettingsDialog, useMissingInvoiceDetails } from "../../invoices";
import { INVOICE_SETTINGS_CHECK } from "@contract/schemas/invoice";
import { toast } from "../../../components/ui/toast";
import { useResetLoad, useUpdateLoadStatus } from "../api/mutations";
import type { LoadActionHandlers } from "./load-actions-menu";
import { CancelLoadDialog } from "./cancel-load-dialog";
import { ApproveLoadDialog } from "./approve-load-dialog";
import { ResetLoadDialog } from "./reset-load-dialog";
import { LoadFormDialog } from "./load-form/load-form-dialog";

/** `handlers` for the rows' actions; `openForm` for Add New Load and Edit; `dialogs` to render once. */
export function useLoadDialogs(user: User | null | undefined) {
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
  const [resetting, setResetting] = useState<Load | null>(null);
  const [podInfo, setPodInfo] = useState<Load | null>(null);
  const [podDoc, setPodDoc] = useState<Load | null>(null);
  const [invoiceSettingsOpen, setInvoiceSettingsOpen] = useState(false);
  // completing raises the load's invoice, which prints the network's details
  const missingInvoiceDetails = useMissingInvoiceDetails();

  const status = useUpdateLoadStatus();
  const resetLoad = useResetLoad();

  const setStatus = (load: Load, to: LoadStatus, reason?: string) =>
    user && status.mutateAsync({ load, status: to, userId: user.id, reason }).catch(() => undefined);

  /** null: Add New Load; a load: edit it */
  const openForm = (load: Load | null) => setForm({ open: true, load, copyOf: null });

  const handlers: LoadActionHandlers = {
    onView: setDetails,
    onEdit: openForm,
    // contract: Copy Load opens the form filled from the original and creates nothing until Save
    onCopy: (l) => setForm({ open: true, load: null, copyOf: l }),
    onManageBids: setBidsFor,
    // Approve asks for the PO number, prefilled with the next one
    onApprove: setApproving,
    // until the network's details are in Invoice Settings, Mark Complete opens them instead
    onComplete: (l) => {
      if (missingInvoiceDetails.length) {
        toast.info(INVOICE_SETTINGS_CHECK, `Still empty: ${missingInvoiceDetails.join(" and ")}. Then mark ${l.loadNumber} complete.`);
        setInvoiceSettingsOpen(true);
      } else void setStatus(l, "completed");
    },
    onCancel: setCancelling,
    onUncancel: (l) => void setStatus(l, "available"),
    // Reset to Available asks once, with the reason ("carrier withdrew" is a hand-back)
    onReset: setResetting,
    onViewPod: setPodInfo,
    onGeneratePod: setPodDoc,
  };

  // the details dialog comes lazily from the loads feature, whose public face the board loads
  const dialogs = (
    <>
      <LoadFormDialog open={form.open} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} load={form.load} copyOf={form.copyOf} />
      <Later>
        <LoadDetailsDialog loadId={details?.id ?? null} initialLoad={details ?? undefined} open={!!details} onOpenChange={(o) => !o && setDetails(null)} />
      </Later>
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
      <ResetLoadDialog
        load={resetting}
        onOpenChange={(o) => !o && setResetting(null)}
        pending={resetLoad.isPending}
        onConfirm={async (reason) => {
          if (resetting) await resetLoad.mutateAsync({ load: resetting, reason }).catch(() => undefined);
          setResetting(null);
        }}
      />
      <ApproveLoadDialog load={approving} userId={user?.id} onOpenChange={(o) => !o && setApproving(null)} />
      <PodInfoDialog load={podInfo} open={!!podInfo} onOpenChange={(o) => !o && setPodInfo(null)} />
      {podDoc && <PodDocumentDialog load={podDoc} open onOpenChange={(o) => !o && setPodDoc(null)} />}
      <InvoiceSettingsDialog open={invoiceSettingsOpen} onOpenChange={setInvoiceSettingsOpen} />
    </>
  );

  return { handlers, openForm, dialogs };
}
