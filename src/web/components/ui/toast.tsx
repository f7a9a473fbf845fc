// Toasts (spec §9): 5000 ms, at most one visible; destructive for errors (spec §8).
import { Toaster as Sonner, toast as sonner } from "sonner";
import { TOAST_DURATION_MS } from "@contract/constants";

export function Toaster() {
  return <Sonner visibleToasts={1} duration={TOAST_DURATION_MS} position="top-center" richColors closeButton />;
}

export const toast = {
  success: (title: string, description?: string) => sonner.success(title, { description }),
  info: (title: string, description?: string) => sonner(title, { description }),
  error: (title: string, description?: string) => sonner.error(title, { description }),
};
