// Preload hints for a signed-in board. Without
// them a phone waits for the app's JavaScript before it even asks who is signed in,
// then for the board's own chunk, then for its loads: three round trips in a row on
// a slow network. A `Link` header on the page lets the browser start all of them
// with the HTML. Only for a request that carries a session cookie: signed out, the
// app shows the sign-in page and needs none of it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BOARD_PAGE_SIZE } from "../../contract/constants";

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The board page's source, as Vite's manifest names it (root src/web). */
const BOARD_SOURCE = "features/board/board-page.tsx";
const FIRST_SCREEN_SOURCE = "features/board/first-screen.ts";
/** What the board asks for first (use-auth, board-page.tsx's first page, stats strip, use-own-bids). */
const BOARD_CALLS = ["/api/auth/user", `/api/loads?limit=${BOARD_PAGE_SIZE}`, "/api/stats", "/api/user/bids"];

/** The `Link` header value for the board, or null when the build has no manifest. */
export function boardPreloadLink(webDist: string): string | null {
  const path = join(webDist, ".vite", "manifest.json");
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, ManifestChunk>;
  const board = manifest[BOARD_SOURCE];
  if (!board) return null;
  /** a chunk and every chunk it imports, transitively */
  const closure = (key: string | undefined, files = new Set<string>()): Set<string> => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const k of chunk.imports ?? []) closure(k, files);
    return files;
  };
  // index.html already modulepreloads the entry and everything it imports, transitively
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const skip = closure(entryKey);
  // and what the app takes a server-drawn board over with (features/board/first-screen.ts), so
  // that needs no request of its own at the first tap, even once the signal has gone
  const files = closure(FIRST_SCREEN_SOURCE, closure(BOARD_SOURCE));
  const scripts = [...files].filter((f) => !skip.has(f)).map((f) => `</${f}>; rel=modulepreload; crossorigin`);
  // crossorigin=use-credentials matches the app's fetch(url, { credentials: "include" })
  const calls = BOARD_CALLS.map((u) => `<${u}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  return [...calls, ...scripts].join(", ");
}
