import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./lib/query-client";
import { App } from "./app/app";
import { ErrorBoundary } from "./app/error-boundary";
import { Toaster } from "./components/ui/toast";
import { installSessionGuard } from "./lib/session-guard";
import "./styles.css";

// a page shown again from the back/forward cache checks who is signed in first
installSessionGuard();
// the service worker (offline app, update prompt, queued PODs), once the page has settled
window.addEventListener("load", () => setTimeout(() => void import("./pwa/register").then((m) => m.registerServiceWorker()), 2000));

// Lighthouse TBT: the first render is a transition, so React renders the page in
// slices and answers input between them; the board's first paint is already on screen as HTML
// (board.html), and a transition keeps it there until the app's first render is ready
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
