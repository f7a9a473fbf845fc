// The header on every page: logo and product name, Help, and signed in
// a welcome line, the Admin button (staff) and the user menu; signed out New Account.
// On a phone: one compact row of controls with the welcome line under it; Help and
// Admin show only their icons there (their words stay as the accessible name), so
// the product name, the bell and the avatar keep their room down to 360 px.
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { CircleHelp, LayoutDashboard, UserPlus } from "lucide-react";
import { useAuth } from "../lib/use-auth";
import { usePublicConfig } from "../lib/public-config";
import { Later, lazyNamed } from "../lib/lazy";

const HelpDialog = lazyNamed(() => import("./help-dialog"), "HelpDialog");
// the menu (Radix dropdown and its positioning) and the bell's list load on the
// first pointer or focus near them; until then plain buttons that look the same (a small
// first load for the board)
import { HeaderUserMenu } from "./user-menu-button";
import { HeaderBell } from "../features/notifications/bell-button";
import { HeaderMessagesSlot, type OpenThread } from "../features/messages";
// the load details the bell opens
const LoadDetailsDialog = lazyNamed(() => import("../features/loads/components/load-details-dialog"), "LoadDetailsDialog");

const headerButton =
  "inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-sm font-medium transition-colors sm:px-3";
// icon-only below sm: at least a 44 px square, the word kept for screen readers (and as the name tests find)
const iconOnPhone = "min-w-11";
const wordFromSm = "sr-only sm:not-sr-only";

export function Header() {
  const { user, isStaff, isLoading } = useAuth();
  const { productName } = usePublicConfig();
  const [helpOpen, setHelpOpen] = useState(false);
  const [openLoadId, setOpenLoadId] = useState<string | null>(null);
  // the messages entry opens a load's details on its Messages tab
  const [openThread, setOpenThread] = useState<OpenThread | null>(null);
  // a notification email links to /?load=<id>: open that load's details once signed in
  useEffect(() => {
    if (!user) return;
    const id = new URLSearchParams(window.location.search).get("load");
    if (id && /^[0-9a-f-]{36}$/i.test(id)) setOpenLoadId(id);
  }, [user]);
  const closeLoad = () => {
    setOpenLoadId(null);
    const url = new URL(window.location.href);
    if (url.searchParams.has("load")) {
      url.searchParams.delete("load");
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    }
  };
  const ref = useHeaderHeight();

  return (
    <header ref={ref} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* grid: logo | nav on a phone with the welcome line as a second row; logo | welcome | nav from md up */}
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 px-3 py-1.5 sm:px-4 sm:py-2 md:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Link
          href={user ? "/" : "/login"}
          className="col-start-1 row-start-1 flex min-h-11 min-w-0 items-center gap-2 rounded-md pr-1"
          aria-label={`${productName} home`}
        >
          <img src="/favicon.svg" alt="" width={36} height={36} className="h-9 w-9 shrink-0" />
          {/* on a narrow phone a long name takes two short lines rather than pushing the buttons off */}
          <span className="line-clamp-2 min-w-0 break-words text-base font-bold leading-tight text-brand-900 sm:line-clamp-1 sm:text-lg">{productName}</span>
        </Link>

        {/* while the user loads (the board's first paint) the welcome line and the bell and
            avatar keep their room, so nothing moves when they arrive (CLS 0) */}
        {isLoading && (
          <p aria-hidden="true" className="col-span-2 row-start-2 pb-1 text-sm md:col-span-1 md:col-start-2 md:row-start-1 md:ml-3 md:pb-0">
            &nbsp;
          </p>
        )}
        {user && (
          <p className="col-span-2 row-start-2 truncate pb-1 text-sm text-slate-700 md:col-span-1 md:col-start-2 md:row-start-1 md:ml-3 md:pb-0">
            Welcome, <span className="font-semibold text-slate-900">{user.name}</span>
          </p>
        )}

        <nav aria-label="Account" className="col-start-2 row-start-1 flex items-center gap-1 sm:gap-2 md:col-start-3">
          <button type="button" onClick={() => setHelpOpen(true)} data-help className={`${headerButton} ${iconOnPhone} text-slate-700 hover:bg-slate-100`}>
            <CircleHelp className="h-5 w-5" aria-hidden="true" />
            <span className={wordFromSm}>Help</span>
          </button>
          {user ? (
            <>
              {isStaff && (
                <Link href="/admin" className={`${headerButton} ${iconOnPhone} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}>
                  <LayoutDashboard className="h-5 w-5 sm:h-4 sm:w-4" aria-hidden="true" />
                  <span className={wordFromSm}>Admin</span>
                </Link>
              )}
              <HeaderMessagesSlot onOpenThread={setOpenThread} />
              <HeaderBell onOpenLoad={(loadId, tab) => (tab === "messages" ? setOpenThread({ loadId }) : setOpenLoadId(loadId))} />
              <HeaderUserMenu user={user} />
            </>
          ) : isLoading ? (
            <>
              <span aria-hidden="true" className="h-11 w-11 shrink-0" />
              <span aria-hidden="true" className="h-11 w-11 shrink-0" />
            </>
          ) : (
            <Link href="/register" className={`${headerButton} bg-brand-800 text-white hover:bg-brand-900`}>
              <UserPlus className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              New Account
            </Link>
          )}
        </nav>
      </div>
      <Later>{helpOpen && <HelpDialog open onOpenChange={setHelpOpen} signedIn={!!user} />}</Later>
      <Later>{user && openLoadId && <LoadDetailsDialog loadId={openLoadId} open onOpenChange={(o) => !o && closeLoad()} />}</Later>
      <Later>
        {user && openThread && (
          <LoadDetailsDialog key={`${openThread.loadId}-${openThread.companyId ?? ""}`} loadId={openThread.loadId} open messagesOf={openThread} onOpenChange={(o) => !o && setOpenThread(null)} />
        )}
      </Later>
    </header>
  );
}

/**
 * Publishes the header's height as --app-header-height on <html>, so toasts
 * (ui/toast.tsx) sit under it rather than over the welcome line; it changes with
 * the width (one row or two) and with a long product name.
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty("--app-header-height", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(set);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty("--app-header-height");
    };
  }, []);
  return ref;
}
