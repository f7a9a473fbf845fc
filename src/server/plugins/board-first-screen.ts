// The board's first screen as HTML: for a signed-in `GET /`, the board page's shell
// (dist/web/board.html) with the user's first page of loads, statistics and bids drawn
// into it and the same answers embedded as JSON for the app's query cache, so the
// first cards paint with the HTML and the app asks for nothing again when it starts.
//
// What is drawn comes from this server's own API, asked in-process as the same user
// (app.inject with the request's cookie): the same query, access rules and redaction as
// the app's own calls, so a user sees only their own view. The markup is drawn by the
// app's own components, bundled at build time into dist/board-ssr/first-screen.mjs
// (scripts/prerender-board-shell.tsx): the server never imports src/web. Without that
// bundle, or if anything fails, the plain shell is sent as before.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Around the shell's markup in board.html: the server puts the user's board in its place. */
export const FIRST_SCREEN_START = "<!--board-first-screen-->";
export const FIRST_SCREEN_END = "<!--/board-first-screen-->";

/** The bundle's face (src/web/features/board/first-screen-ssr.tsx). */
interface FirstScreenBundle {
  FIRST_SCREEN_CALLS: Record<string, { url: string }>;
  FIRST_SCREEN_SCRIPT_ID: string;
  renderBoardFirstScreen(data: Record<string, Answer>): Promise<string>;
  firstScreenJson(data: Record<string, Answer>): string;
}

interface Answer {
  body: unknown;
  etag?: string | null;
  total?: number | null;
}

export interface BoardFirstScreen {
  /** Sends the board drawn for this user; false when it cannot (then send the shell). */
  send(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Loaded once at start; null when the build has no bundle or no marked shell. */
export async function loadBoardFirstScreen(o: { webDist: string; bundle: string; productName: string; placeholder: string }): Promise<BoardFirstScreen | null> {
  const shellPath = join(o.webDist, "board.html");
  if (!existsSync(o.bundle) || !existsSync(shellPath)) return null;
  const html = readFileSync(shellPath, "utf8").split(o.placeholder).join(escapeHtml(o.productName));
  const start = html.indexOf(FIRST_SCREEN_START);
  const end = html.indexOf(FIRST_SCREEN_END);
  const bodyEnd = html.lastIndexOf("</body>");
  if (start < 0 || end < start || bodyEnd < end) return null;
  const bundle = (await import(pathToFileURL(o.bundle).href)) as FirstScreenBundle;
  const before = html.slice(0, start);
  const middle = html.slice(end + FIRST_SCREEN_END.length, bodyEnd);
  const after = html.slice(bodyEnd);
  const calls = Object.entries(bundle.FIRST_SCREEN_CALLS);

  return {
    async send(app, req, reply) {
      // as the user, from this server: no encoding to undo, no cache validators
      const headers = { cookie: req.headers.cookie ?? "", accept: "application/json" };
      const answers = await Promise.all(
        calls.map(async ([name, { url }]) => {
          const res = await app.inject({ method: "GET", url, headers });
          if (res.statusCode !== 200) {
            // left for the app to ask itself; a 401 is a session that ended, anything else is worth a line
            if (res.statusCode !== 401 && res.statusCode !== 403) req.log.warn({ url, status: res.statusCode }, "board first screen: a call did not answer 200");
            return [name, null] as const;
          }
          const total = res.headers["x-total-count"];
          const etag = res.headers.etag;
          const answer: Answer = { body: JSON.parse(res.body) as unknown };
          if (typeof etag === "string") answer.etag = etag;
          if (total !== undefined) answer.total = Number(total);
          return [name, answer] as const;
        }),
      );
      const data: Record<string, Answer> = {};
      for (const [name, answer] of answers) if (answer) data[name] = answer;
      // signed out after all (an ended session): the app shows the sign-in page from the shell
      if (!data.user || data.user.body === null || !data.loads) return false;
      let markup: string;
      try {
        markup = await bundle.renderBoardFirstScreen(data);
      } catch (err) {
        req.log.error({ err }, "board first screen: drawing failed, the shell is sent");
        return false;
      }
      const script = `<script type="application/json" id="${bundle.FIRST_SCREEN_SCRIPT_ID}">${bundle.firstScreenJson(data)}</script>`;
      const body = Buffer.from(`${before}${markup}${middle}${script}${after}`);
      // private: never kept by a shared cache; not no-store, which would keep the page out of the
      // back/forward cache (Back after logout is guarded by the app's session check, session-guard.ts)
      reply.header("Cache-Control", "private, no-cache");
      reply.header("Vary", "Cookie, Accept-Encoding");
      reply.type("text/html; charset=utf-8");
      const accept = String(req.headers["accept-encoding"] ?? "");
      // made for one user once: a quick brotli level, not the static files' slowest
      if (/\bbr\b/.test(accept)) reply.header("Content-Encoding", "br").send(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
      else if (/\bgzip\b/.test(accept)) reply.header("Content-Encoding", "gzip").send(gzipSync(body, { level: 6 }));
      else reply.send(body);
      return true;
    },
  };
}

/** Where the build writes the bundle (scripts/prerender-board-shell.tsx). */
export const firstScreenBundlePath = (packageRoot: string) => join(packageRoot, "dist", "board-ssr", "first-screen.mjs");
