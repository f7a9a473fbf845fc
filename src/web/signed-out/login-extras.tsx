// What the prerendered sign-in page shows only on demand: the toasts,
// the "Forgot your password?" dialog and the Help dialog, the app's own components
// in a React root of their own. login-entry.ts loads this chunk when the visitor
// first touches the page (or at once to repeat a flash toast), never before: the
// first load is the form alone.
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../lib/query-client";
import { Toaster, toast } from "../components/ui/toast";
import { ForgotPasswordDialog } from "../features/auth/components/forgot-password-dialog";
import { HelpDialog } from "../components/help-dialog";
import { showFlashToast } from "../features/auth/flash-toast";

type Open = { kind: "forgot"; email: string } | { kind: "help" } | null;
let setOpenFromOutside: ((open: Open) => void) | null = null;
let pending: Open = null;

function Extras() {
  const [open, setOpen] = useState<Open>(pending);
  useEffect(() => {
    setOpenFromOutside = setOpen;
    return () => {
      setOpenFromOutside = null;
    };
  }, []);
  const close = (o: boolean) => !o && setOpen(null);
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <ForgotPasswordDialog open={open?.kind === "forgot"} onOpenChange={close} defaultEmail={open?.kind === "forgot" ? open.email : ""} />
      {open?.kind === "help" && <HelpDialog open onOpenChange={close} signedIn={false} />}
    </QueryClientProvider>
  );
}

const host = document.createElement("div");
document.body.append(host);
createRoot(host).render(<Extras />);

function show(open: Open) {
  if (setOpenFromOutside) setOpenFromOutside(open);
  else pending = open;
}

export const openForgotPassword = (email: string) => show({ kind: "forgot", email });
export const openHelp = () => show({ kind: "help" });
export { toast, showFlashToast };
