/** @jsxRuntime automatic */
// The board's first screen drawn on the server, with the app's own components: the HTML
// is what the app's first render draws, so the app hydrates it (nothing moves, no DOM is
// made again). Built
// by scripts/prerender-board-shell.tsx into dist/board-ssr/first-screen.mjs, a file the
// server loads when it starts (it never imports src/web). The server gives it the
// answers of its own API for the signed-in user (FIRST_SCREEN_CALLS); React escapes
// every string it draws, and the JSON for the app is escaped for a <script> below.
import { prerender } from "react-dom/static";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { StrictMode } from "react";
import { App } from "../../app/app";
import { ErrorBoundary } from "../../app/error-boundary";
import { Toaster } from "../../components/ui/toast";
import { FIRST_SCREEN_CALLS, FIRST_SCREEN_SCRIPT_ID, seedFirstScreen, type FirstScreenData } from "./first-screen";

export { FIRST_SCREEN_CALLS, FIRST_SCREEN_SCRIPT_ID };

/** The markup of #root for `/` (the board as the app first draws it) with these answers. */
export async function renderBoardFirstScreen(data: FirstScreenData): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // the ETag is the browser's to keep: the server's render keeps no one's list
  seedFirstScreen(queryClient, data, { keepEtag: false });
  // the tree main.tsx hydrates, element for element (useId's ids follow its shape)
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath="/" ssrSearch="">
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary>
            <App />
          </ErrorBoundary>
          <Toaster />
        </QueryClientProvider>
      </Router>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  // image preloads React hoists for the first paint: the page's head has its own
  return html.replace(/<link rel="preload" as="image"[^>]*>/g, "");
}

/**
 * The answers as a JSON <script> body: `<`, `>`, `&` and the two JavaScript line
 * separators written as escapes, so no string in a load (notes with `</script>`) can end
 * the script or start markup; JSON.parse reads them back unchanged.
 */
export function firstScreenJson(data: FirstScreenData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
