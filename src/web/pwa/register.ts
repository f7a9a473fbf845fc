// Registers the service worker (sw.ts) and keeps the app current (an installable
// app); sends queued PODs on app open and when the signal returns.
// Loaded by main.tsx once the page has loaded and settled (2 s after `load`),
// so none of it is on the first load's path; the outbox code only when the
// phone may hold a queued POD (outbox-flag.ts).
//
// Updates: a new build's worker installs in the background and then waits; the
// page shows "Update available — Reload" at once. Reload tells the waiting
// worker to take over and reloads the page when it has. The form being typed
// is saved on the phone (pod/offline/drafts.ts), so reloading loses nothing.

import { podsMayBeQueued } from "../features/pod/offline/outbox-flag";

const PROMPT_ID = "app-update-prompt";
/** how often an open app asks the server for a newer build */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

function showUpdatePrompt(reg: ServiceWorkerRegistration): void {
  if (document.getElementById(PROMPT_ID)) return;
  const box = document.createElement("div");
  box.id = PROMPT_ID;
  box.setAttribute("role", "alert");
  box.className =
    "fixed inset-x-3 bottom-3 z-[60] flex items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-xl sm:left-auto sm:right-4 sm:bottom-4 sm:max-w-sm";
  const text = document.createElement("span");
  text.textContent = "Update available — ";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload";
  button.className = "min-h-11 shrink-0 rounded-md bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100";
  button.addEventListener("click", () => {
    button.disabled = true;
    if (reg.waiting) reg.waiting.postMessage({ type: "SKIP_WAITING" });
    else window.location.reload();
  });
  box.append(text, button);
  document.body.append(box);
}

async function sendQueuedPods(): Promise<void> {
  if (!navigator.onLine || !podsMayBeQueued()) return;
  try {
    const { anyWaiting } = await import("../features/pod/offline/outbox");
    if (!(await anyWaiting())) return;
    const { flushOutbox } = await import("../features/pod/offline/send");
    await flushOutbox();
  } catch {
    // no IndexedDB, or the connection dropped again: the next `online` or app open tries again
  }
}

export function registerServiceWorker(): void {
  // app open, and every time the signal comes back (where there is no Background Sync,
  // and as a second chance where there is: the outbox's lock and key keep it once)
  void sendQueuedPods();
  window.addEventListener("online", () => void sendQueuedPods());

  if (!("serviceWorker" in navigator)) return;
  let controlled = !!navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = true;
      // first install: the worker now controls this page; ask again for what the page shows
      // (who is signed in, the board's loads), so the worker keeps it for an offline start
      void import("../lib/query-client").then(({ queryClient }) => queryClient.invalidateQueries());
      return;
    }
    // a new build took over (this tab's Reload, or another tab's): show it
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  navigator.serviceWorker
    .register("/sw.js")
    .then((reg) => {
      if (reg.waiting && navigator.serviceWorker.controller) showUpdatePrompt(reg);
      reg.addEventListener("updatefound", () => {
        const next = reg.installing;
        next?.addEventListener("statechange", () => {
          if (next.state === "installed" && navigator.serviceWorker.controller) showUpdatePrompt(reg);
        });
      });
      const check = () => void reg.update().catch(() => {});
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
    })
    .catch(() => {
      // no service worker (private mode, http on a LAN name): the app works online as before
    });
}
