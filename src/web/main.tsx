import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./lib/query-client";
import { POLL } from "@contract/constants";
import { App, preloadBoardPage } from "./app/app";
import { FIRST_SCREEN_SCRIPT_ID, takeOverWhenAsked, whenFirstScreenDrawn } from "./features/board/first-screen-takeover";

/** the longest a server-drawn board holds taps for the app (it is normally a few hundred ms) */
const BOARD_DRAWN_MAX_MS = 10_000;
import { ErrorBoundary } from "./app/error-boundary";
import { Toaster } from "./components/ui/toast";
import { installSessionGuard } from "./lib/session-guard";
import { whenLoaded } from "./lib/lazy";
import "./styles.css";

// a page shown again from the back/forward cache checks who is signed in first
installSessionGuard();
// the service worker (offline app, update prompt, queued PODs), once the page has settled
// (a page that lost its signal before then registers it when the signal is back)
window.addEventListener("load", () => setTimeout(() => void whenLoaded(() => import("./pwa/register")).then((m) => m.registerServiceWorker()), 2000));

// Lighthouse TBT: the first render is a transition, so React renders the page in
// slices and answers input between them; the board's first paint is already on screen as HTML
// (board.html), and a transition keeps it there until the app's first render is ready
const container = document.getElementById("root")!;
function tree(onDrawn?: () => void) {
  return (
    <Drawn onDrawn={onDrawn}>
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary>
            <App />
          </ErrorBoundary>
          <Toaster />
        </QueryClientProvider>
      </StrictMode>
    </Drawn>
  );
}

/** Says when the app's first render is on screen; one child, so the tree's ids keep their shape. */
function Drawn({ onDrawn, children }: { onDrawn?: () => void; children: ReactNode }) {
  useEffect(() => onDrawn?.(), [onDrawn]);
  return children;
}

// A board the server drew with the user's loads (plugins/board-first-screen.ts) is a
// whole first screen already: the app takes it over at the first input or when the
// browser is idle, starting from the page's own answers (no second fetch), and hydrates
// the server's markup (drawn by the same components from the same answers) rather than
// drawing it again; in a transition, so that work too is done in slices
if (document.getElementById(FIRST_SCREEN_SCRIPT_ID)) {
  takeOverWhenAsked(container, async (beforeHydrating) => {
    const [{ readFirstScreen, seedFirstScreen }] = await Promise.all([import("./features/board/first-screen"), preloadBoardPage()]);
    const data = readFirstScreen();
    const endGrace = data ? seedFirstScreen(queryClient, data) : () => {};
    const boardDrawn = whenFirstScreenDrawn();
    beforeHydrating();
    await new Promise<void>((drawn) => startTransition(() => void hydrateRoot(container, tree(drawn))));
    // the board hydrates after the root; a page that turned out not to draw it (signed out meanwhile) is not held for ever
    await Promise.race([boardDrawn, new Promise((gaveUp) => setTimeout(gaveUp, BOARD_DRAWN_MAX_MS))]);
    // from here the seeded answers age like any other: the next poll or mount asks again
    setTimeout(endGrace, POLL.boardLoads);
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(tree()));
}
