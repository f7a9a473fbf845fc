// Security headers on every response, and refusal of state-changing requests from
// another site (contract: a foreign Origin → 403).
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { AppError } from "../lib/app-error";
import { MSG } from "../../contract/messages";
import { isBearerRequest } from "../lib/bearer";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with inline style attributes; no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;

  app.addHook("onRequest", async (req) => {
    if (!UNSAFE.has(req.method)) return;
    // a bearer-token request carries no cookie authority (the token alone speaks
    // for it, modules/integrations/tokens/bearer-auth.ts): a forged cross-site
    // request cannot set that header, so the Origin check is for cookies only
    if (isBearerRequest(req)) return;
    const origin = req.headers.origin;
    if (!origin) return; // same-origin fetches of old browsers and non-browser clients send none
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError(403, MSG.crossSite);
    }
    if (origin === publicOrigin || host === req.headers.host) return;
    throw new AppError(403, MSG.crossSite);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    reply.header("Content-Security-Policy", CSP);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    reply.header("X-Frame-Options", "SAMEORIGIN");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Permissions-Policy", "geolocation=(), microphone=(), camera=(self)");
    if (config.trustProxy && req.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (req.url.startsWith("/api/") && !reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
  });
}
