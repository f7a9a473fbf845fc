// Toasts (spec §9): 5000 ms, at most one visible; destructive for errors (spec §8).
// They drop in just under the sticky header, never over its welcome line (issue 15
// #12c): the header publishes its height as --app-header-height (header.tsx).
import { Toaster as Sonner, toast as sonner } from "sonner";
import { TOAST_DURATION_MS } from "@contract/constants";

const BELOW_HEADER = { top: "calc(var(--app-header-height, 0px) + 8px)" };

export function Toaster() {
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

export const toast = {
  success: (title: string, description?: string) => sonner.success(title, { description }),
  info: (title: string, description?: string) => sonner(title, { description }),
  error: (title: string, description?: string) => sonner.error(title, { description }),
};
