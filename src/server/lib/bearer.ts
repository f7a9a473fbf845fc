// `Authorization: Bearer <token>`: read here so
// the security plugin (no Origin check for a bearer request, which carries no
// cookie authority) and the API-token module read the header the same way.
import type { FastifyRequest } from "fastify";

const BEARER = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)[ ]*$/i;

/** The token of an `Authorization: Bearer …` header; null: no bearer header; "": a malformed one. */
export function bearerOf(header: string | undefined): string | null {
  if (!header || !/^bearer\b/i.test(header)) return null;
  const m = BEARER.exec(header);
  return m && m[1].length <= 200 ? m[1] : "";
}

/** A bearer request: the cookie's CSRF (Origin) check does not apply to it. */
export const isBearerRequest = (req: FastifyRequest): boolean => bearerOf(req.headers.authorization) !== null;
