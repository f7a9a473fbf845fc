// The prerendered sign-in page (the sign-in page needs a form, not the
// app). dist/web/login.html is the app's login page as HTML with a small script
// (scripts/prerender-sign-in.tsx); a visitor without a session cookie gets it for
// /login and /, where the app would show the same page after loading itself. With
// a cookie the app is served as before (it shows the board, or the login page if
// the session has ended). The product name is filled in here, once, and the page
// kept compressed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

export const PRODUCT_NAME_PLACEHOLDER = "%PRODUCT_NAME%";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export interface SignInPage {
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** The page ready to send, or null when the build has none (then the app shows it). */
export function loadSignInPage(webDist: string, productName: string): SignInPage | null {
  return loadPrerenderedPage(join(webDist, "login.html"), productName);
}

/**
 * The board's first paint as HTML (scripts/prerender-board-shell.tsx): index.html
 * with the header and the board's heading already in #root, for `/` with a session cookie.
 */
export function loadBoardShellPage(webDist: string, productName: string): SignInPage | null {
  return loadPrerenderedPage(join(webDist, "board.html"), productName);
}

function loadPrerenderedPage(path: string, productName: string): SignInPage | null {
  if (!existsSync(path)) return null;
  const html = readFileSync(path, "utf8");
  if (!html.includes(PRODUCT_NAME_PLACEHOLDER)) return null;
  const body = Buffer.from(html.split(PRODUCT_NAME_PLACEHOLDER).join(escapeHtml(productName)));
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(body, { level: 9 });
  return {
    send(req, reply) {
      const accept = String(req.headers["accept-encoding"] ?? "");
      reply.header("Cache-Control", "no-cache");
      reply.header("Vary", "Cookie, Accept-Encoding");
      reply.type("text/html; charset=utf-8");
      if (/\bbr\b/.test(accept)) return reply.header("Content-Encoding", "br").send(br);
      if (/\bgzip\b/.test(accept)) return reply.header("Content-Encoding", "gzip").send(gz);
      return reply.send(body);
    },
  };
}
