// The toast library (sonner, ~6.5 KB gzip) and its settings, loaded by ui/toast.tsx with the
// first toast or the first touch of the page, never with the board's first paint.
import { useEffect } from "react";
import { Toaster as Sonner, toast as sonner } from "sonner";
import { TOAST_DURATION_MS } from "@contract/constants";

const BELOW_HEADER = { top: "calc(var(--app-header-height, 0px) + 8px)" };

export type ToastKind = "success" | "info" | "error";

export function showToast(kind: ToastKind, title: string, description?: string) {
  if (kind === "info") sonner(title, { description });
  else sonner[kind](title, { description });
}

/** Sonner's toaster; `onReady` runs once it listens (its own effect runs before this parent's). */
export function SonnerToaster({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={{ ...BELOW_HEADER, left: "16px", right: "16px" }}
      richColors
      closeButton
    />
  );
}
