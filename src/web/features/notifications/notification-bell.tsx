// The bell in the header: the unread count
// (hidden at 0, announced to screen readers through a polite live region), a
// list that opens from it (a Radix popover: Tab and Esc work, focus returns to
// the bell), "Mark all as read", and each item opening its load's details.
import { useState } from "react";
import { Popover } from "radix-ui";
import { useLocation } from "wouter";
import type { Notification } from "@contract/schemas/notification";
import { formatAge } from "../../lib/format";
import { cn } from "../../lib/cn";
import { useMarkRead, useNotifications } from "./api";
import { BELL_CLASS, BellFace } from "./bell-face";

/** An invoice raised or paid opens My Invoices (MY_INVOICES_PATH), where its PDF is, rather than the load. */
const opensInvoices = (n: Notification) => n.type === "invoice_issued" || n.type === "invoice_paid";
/** A document about to expire, verified or rejected opens the Company page, where its status is and a new one is uploaded. */
const opensCompany = (n: Notification) => n.type === "document_expiring" || n.type === "document_verified" || n.type === "document_rejected";
/** A VAT number or a waiting-time claim waiting for staff opens Admin, where its tab decides it. */
const opensAdmin = (n: Notification) => n.type === "vat_number_proposed" || n.type === "waiting_claim_submitted";
/** A waiting-time claim decided opens the carrier's Claims page, with the amount approved or the reason. */
const opensClaims = (n: Notification) => n.type === "waiting_claim_decided";

/**
 * A load offered to a posted truck (or found for it by matching: data.match) opens the Trucks page at that
 * load; return loads open the booked load's return loads there.
 */
function trucksPathOf(n: Notification): string | null {
  if (!n.loadId) return null;
  if (n.type === "truck_offer") return `/trucks?offer=${n.loadId}${n.data?.match === true ? "&match=1" : ""}`;
  return n.type === "return_loads" ? `/trucks?returns=${n.loadId}` : null;
}

/** A message on a load opens the load's details on its Messages tab. */
const opensMessages = (n: Notification) => n.type === "message_received";

/** The bell with its list; header.tsx shows it through bell-button.tsx (HeaderBell), which keeps the live region. */
export function NotificationBell({
  onOpenLoad,
  defaultOpen = false,
}: {
  onOpenLoad: (loadId: string, tab?: "messages") => void;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [, navigate] = useLocation();
  const query = useNotifications(true);
  const markRead = useMarkRead();
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.items ?? [];

  const openItem = (n: Notification) => {
    if (!n.readAt) markRead.mutate([n.id]);
    setOpen(false);
    if (opensInvoices(n)) navigate("/invoices");
    else if (opensCompany(n)) navigate("/company");
    else if (opensAdmin(n)) navigate("/admin");
    else if (opensClaims(n)) navigate("/claims");
    else if (trucksPathOf(n)) navigate(trucksPathOf(n)!);
    else if (n.loadId) onOpenLoad(n.loadId, opensMessages(n) ? "messages" : undefined);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={BELL_CLASS} data-testid="notification-bell">
        <BellFace unread={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-16px))] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
              className="min-h-11 rounded-md px-2 text-sm font-medium text-brand-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              Mark all as read
            </button>
          </div>
          {query.isError && items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-600">Notifications could not be loaded. They will be tried again shortly.</p>
          ) : items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-600">{query.isLoading ? "Loading..." : "No notifications yet"}</p>
          ) : (
            <ul className="min-h-0 flex-1 overflow-y-auto" aria-label="Latest notifications">
              {items.map((n) => (
                <li key={n.id} className="border-b border-slate-100 last:border-b-0">
                  <button
                    type="button"
                    onClick={() => openItem(n)}
                    className={cn("block w-full px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50", !n.readAt && "bg-brand-50/60")}
                  >
                    <span className="flex items-start gap-2">
                      <span
                        aria-hidden="true"
                        className={cn("mt-1.5 h-2 w-2 shrink-0 rounded-full", n.readAt ? "bg-transparent" : "bg-brand-700")}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-semibold [overflow-wrap:anywhere]">
                          {!n.readAt && <span className="sr-only">Unread: </span>}
                          {n.title}
                        </span>
                        <span className="mt-0.5 block text-sm text-slate-700 [overflow-wrap:anywhere]">{n.body}</span>
                        <span className="mt-0.5 block text-xs text-slate-500">
                          {formatAge(n.createdAt)}
                          {opensInvoices(n) ? " · Open My Invoices" : trucksPathOf(n) ? " · Open Trucks" : n.loadId ? " · Open the load" : ""}
                        </span>
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
