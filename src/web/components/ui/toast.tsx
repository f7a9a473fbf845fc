// Toasts: 5000 ms, at most one visible; destructive for errors.
// They drop in just under the sticky header, never over its welcome line: the
// header publishes its height as --app-header-height (header.tsx).
// The library itself (ui/toast-sonner.tsx) is not in any page's first load:
// it loads on the first pointer, key or focus on the page, or with the first toast;
// toasts asked for before it is listening wait in a small queue and show then, in order.
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToastKind } from "./toast-sonner";
import { whenLoaded } from "../../lib/lazy";

// with no signal it waits for one: the toaster sits above every page, with no error boundary over it
const load = () => whenLoaded(() => import("./toast-sonner"));
const SonnerToaster = lazy(async () => ({ default: (await load()).SonnerToaster }));

type Show = (kind: ToastKind, title: string, description?: string) => void;
let show: Show | null = null;
const queue: [ToastKind, string, string | undefined][] = [];
let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

/** Sonner is mounted and listening: show what waited, then go straight to it. */
async function ready() {
  const m = await load();
  show = m.showToast;
  for (const [kind, title, description] of queue.splice(0)) show(kind, title, description);
}

function enqueue(kind: ToastKind, title: string, description?: string) {
  if (show) return show(kind, title, description);
  queue.push([kind, title, description]);
  want();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toaster() {
  const on = useSyncExternalStore(subscribe, () => wanted, () => false);
  useEffect(() => {
    if (wanted) return;
    // a person who touches the page will likely act: have the toaster ready before its answer
    const events = ["pointerdown", "keydown", "focusin"] as const;
    const first = () => want();
    for (const e of events) window.addEventListener(e, first, { once: true, passive: true, capture: true });
    return () => {
      for (const e of events) window.removeEventListener(e, first, { capture: true });
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <SonnerToaster onReady={onReady} />
    </Suspense>
  ) : null;
}

const onReady = () => void ready();

export const toast = {
  success: (title: string, description?: string) => enqueue("success", title, description),
  info: (title: string, description?: string) => enqueue("info", title, description),
  error: (title: string, description?: string) => enqueue("error", title, description),
};
