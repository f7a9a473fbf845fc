// GET /api/openapi.json and GET /api/docs, signed in or not. The
// document is built once, on first ask, from the route
// registry (route-docs.ts) and the contract's zod schemas.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { buildOpenApiDocument } from "./openapi-document";
import { renderDocsPage } from "./docs-page";
import { ROUTE_DOCS } from "./route-docs";

/** The API's own version: bumped when a call changes shape. */
export const API_VERSION = "1.0.0";

export async function registerOpenApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let json: string | undefined;
  let html: string | undefined;
  const documentJson = (): string => {
    json ??= JSON.stringify(buildOpenApiDocument(ROUTE_DOCS, { title: ctx.config.productName, version: API_VERSION, serverUrl: new URL(ctx.config.publicUrl).origin }));
    return json;
  };

  app.get("/api/openapi.json", async (_req, reply) => {
    reply.header("Cache-Control", "public, max-age=300");
    return reply.type("application/json; charset=utf-8").send(documentJson());
  });

  app.get("/api/docs", async (_req, reply) => {
    html ??= renderDocsPage(JSON.parse(documentJson()) as Record<string, unknown>);
    reply.header("Cache-Control", "public, max-age=300");
    return reply.type("text/html; charset=utf-8").send(html);
  });
}
