// Per-row actions of the admin load tables. Which actions a row offers follows
// the moves the load's status allows and the tab it is shown in.
import type { ReactNode } from "react";
import { DropdownMenu } from "radix-ui";
import {
  Ban,
  CheckCircle2,
  ClipboardCheck,
  Copy,
  Eye,
  FileText,
  Gavel,
  Lock,
  MoreHorizontal,
  Pencil,
  RotateCcw,
  Undo2,
  ThumbsUp,
} from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { isPodLocked } from "@contract/schemas/pod";

export type LoadTab = "all" | "accepted" | "approved" | "completed";

export interface LoadActionHandlers {
  onView: (l: Load) => void;
  onEdit: (l: Load) => void;
  onCopy: (l: Load) => void;
  onManageBids: (l: Load) => void;
  onApprove: (l: Load) => void;
  onComplete: (l: Load) => void;
  onCancel: (l: Load) => void;
  onUncancel: (l: Load) => void;
  onReset: (l: Load) => void;
  onViewPod: (l: Load) => void;
  onGeneratePod: (l: Load) => void;
}

interface Item {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect?: () => void;
  disabled?: boolean;
  tone?: "danger";
}

const icon = (C: typeof Eye) => <C className="h-4 w-4" aria-hidden="true" />;

export function loadActions(load: Load, tab: LoadTab, h: LoadActionHandlers): Item[] {
  const s = load.status;
  const view: Item = { key: "view", label: "View Details", icon: icon(Eye), onSelect: () => h.onView(load) };
  const approve: Item = { key: "approve", label: "Approve", icon: icon(ThumbsUp), onSelect: () => h.onApprove(load) };
  const complete: Item = { key: "complete", label: "Mark Complete", icon: icon(CheckCircle2), onSelect: () => h.onComplete(load) };
  const cancel: Item = { key: "cancel", label: "Cancel Load", icon: icon(Ban), onSelect: () => h.onCancel(load), tone: "danger" };
  const reset: Item = { key: "reset", label: "Reset to Available", icon: icon(RotateCcw), onSelect: () => h.onReset(load) };
  const items: Item[] = [];
  if (tab === "all") {
    items.push(view);
    // a load with both POD signatories cannot be edited
    if (isPodLocked(load)) items.push({ key: "edit", label: "POD Complete", icon: icon(Lock), disabled: true });
    else items.push({ key: "edit", label: "Edit Load", icon: icon(Pencil), onSelect: () => h.onEdit(load) });
    items.push({ key: "copy", label: "Copy Load", icon: icon(Copy), onSelect: () => h.onCopy(load) });
    items.push({ key: "bids", label: "Manage Bids", icon: icon(Gavel), onSelect: () => h.onManageBids(load) });
    if (s === "accepted") items.push(approve);
    if (s === "approved") items.push(complete);
    if (s === "accepted" || s === "approved") items.push(reset);
    if (s === "completed") items.push({ key: "pod", label: "View POD", icon: icon(ClipboardCheck), onSelect: () => h.onViewPod(load) });
    if (s === "cancelled") items.push({ key: "uncancel", label: "Un-Cancel Load", icon: icon(Undo2), onSelect: () => h.onUncancel(load) });
    if (s === "available" || s === "accepted" || s === "approved") items.push(cancel);
  } else if (tab === "accepted") {
    // in the Accepted tab cancel is offered for accepted or approved
    if (s === "accepted") items.push(approve);
    if (s === "accepted" || s === "approved") items.push(reset, cancel);
    items.push(view);
  } else if (tab === "approved") {
    // in the Approved tab cancel is offered for approved only
    if (s === "approved") items.push(complete, reset);
    items.push({ key: "generate-pod", label: "Generate POD", icon: icon(FileText), onSelect: () => h.onGeneratePod(load) });
    if (s === "approved") items.push(cancel);
    items.push(view);
  }
  return items;
}

export function LoadActionsMenu({ load, tab, handlers }: { load: Load; tab: LoadTab; handlers: LoadActionHandlers }) {
  const items = loadActions(load, tab, handlers);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Actions for load #${load.loadNumber}`}
        className="inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-50 data-[state=open]:bg-slate-100 sm:h-8"
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        <span className="hidden 2xl:inline">Actions</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600">Load #{load.loadNumber}</DropdownMenu.Label>
          {items.map((it) => (
            <DropdownMenu.Item
              key={it.key}
              disabled={it.disabled}
              onSelect={it.onSelect}
              className={
                "flex min-h-11 cursor-pointer select-none items-center gap-2 rounded px-2 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500 data-[highlighted]:bg-slate-100 sm:min-h-9 " +
                (it.tone === "danger" ? "text-red-700" : "text-slate-900")
              }
            >
              {it.icon}
              {it.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
