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

declare module "fastify" {
  interface FastifyRequest {
    /**
     * A state-changing request from another site that carries an
     * `Authorization: Bearer` header: let through only once its token has been
     * validated (bearer-auth.ts sets `apiToken`); refused with 403 otherwise.
     */
    crossSiteBearer: boolean;
  }
}

/** The 403 a cross-site state-changing request gets. */
export const crossSiteRefusal = (): AppError => new AppError(403, MSG.crossSite);

/** Does the request's Origin header name another site? (No Origin: not cross-site.) */
function isCrossSite(origin: string | undefined, host: string | undefined, publicOrigin: string): boolean {
  if (!origin) return false; // same-origin fetches of old browsers and non-browser clients send none
  try {
    return !(origin === publicOrigin || new URL(origin).host === host);
  } catch {
    return true;
  }
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;

  app.decorateRequest("crossSiteBearer", false);
  // Callback hooks, not async ones: they run on every request and decide at once,
  // so they cost no promise and no turn of the event loop.
  app.addHook("onRequest", (req, _reply, done) => {
    if (!UNSAFE.has(req.method)) return done();
    if (!isCrossSite(req.headers.origin, req.headers.host, publicOrigin)) return done();
    // a request with a valid bearer token carries no cookie authority (the token
    // alone speaks for it, modules/integrations/tokens/bearer-auth.ts): a forged
    // cross-site request cannot set that header. But the header alone proves
    // nothing: the decision waits until the token has been checked.
    if (isBearerRequest(req)) {
      req.crossSiteBearer = true;
      return done();
    }
    done(crossSiteRefusal());
  });
  // after every onRequest hook (bearer auth among them): a cross-site bearer
  // request whose token was not validated (none looked up on this route, say)
  app.addHook("preParsing", (req, _reply, payload, done) => {
    if (req.crossSiteBearer && !req.apiToken) return done(crossSiteRefusal());
    done(null, payload);
  });

  app.addHook("onSend", (req, reply, payload, done) => {
    reply.header("Content-Security-Policy", CSP);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    reply.header("X-Frame-Options", "SAMEORIGIN");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    // the app's own pages may ask for the phone's position (Arrived and Leaving at a stop), no frame may
    reply.header("Permissions-Policy", "geolocation=(self), microphone=(), camera=(self)");
    if (config.trustProxy && req.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (req.url.startsWith("/api/") && !reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-store");
    }
    done(null, payload);
  });
}
