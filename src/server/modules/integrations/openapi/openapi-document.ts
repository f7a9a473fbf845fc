// The OpenAPI 3.1 document, generated from the
// contract's zod schemas by zod 4's own z.toJSONSchema() (JSON Schema 2020-12,
// the dialect of OpenAPI 3.1): request schemas as the handler reads them (io
// "input"), answers as sent (io "output"). Named schemas (.meta({id})) become
// components; everything else is inlined. docs/decisions/0019-openapi.md.
import { z } from "zod";
import { errorBodySchema } from "../../../../contract/schemas/api-responses";
import { API_SCOPES, API_SCOPE_LABELS, API_TOKEN_RATE_PER_MINUTE } from "../../../../contract/schemas/integration";
import { scopeOf } from "../tokens/api-tokens.service";
import { isRaw, type RouteDoc } from "./route-doc";

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No content",
  304: "Not modified (If-None-Match)",
  400: "The request is not valid (every failing field in details)",
  401: "Not signed in, or the API token is not valid",
  403: "Not allowed (role, API token scope, or a foreign Origin on a cookie request)",
  404: "Not found, or not visible to the caller",
  409: "The change conflicts with the current state",
  413: "Too large",
  415: "Unsupported content type",
  429: "Too many requests: wait Retry-After seconds",
  503: "Unavailable",
};

/** `/api/loads/:id` → `/api/loads/{id}` */
export const openApiPath = (fastifyPath: string): string => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

class SchemaSink {
  readonly components: Record<string, Json> = {};

  /** A zod schema as JSON Schema; named sub-schemas hoisted into components. */
  convert(schema: z.ZodType, io: "input" | "output"): Json {
    const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any", reused: "inline" }) as Json;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) this.components[id] ??= this.rewrite(def) as Json;
    const top = this.rewrite(json) as Json;
    // a named schema itself: a component and a reference to it
    const id = z.globalRegistry.get(schema)?.id;
    if (typeof id === "string") {
      this.components[id] ??= top;
      return { $ref: `#/components/schemas/${id}` };
    }
    return top;
  }

  private rewrite(v: unknown): unknown {
    if (Array.isArray(v)) return v.map((x) => this.rewrite(x));
    if (v && typeof v === "object") {
      const out: Json = {};
      for (const [k, x] of Object.entries(v)) {
        out[k] = k === "$ref" && typeof x === "string" ? x.replace(/^#\/\$defs\//, "#/components/schemas/") : this.rewrite(x);
      }
      return out;
    }
    return v;
  }
}

function parameters(doc: RouteDoc, sink: SchemaSink): Json[] {
  const out: Json[] = [];
  for (const m of doc.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    out.push({ name: m[1], in: "path", required: true, schema: m[1] === "id" || m[1].endsWith("Id") ? { type: "string", format: "uuid" } : { type: "string", maxLength: 200 } });
  }
  if (doc.query) {
    const q = sink.convert(doc.query, "input");
    const props = (q.properties ?? {}) as Record<string, Json>;
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) {
      const { description, ...rest } = schema;
      out.push({ name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  return out;
}

function security(doc: RouteDoc): Json[] {
  if (doc.access === "public") return [];
  if (doc.access === "applicant") return [{ applicantCookie: [] }];
  const scope = scopeOf(doc.method, doc.path);
  return scope ? [{ cookie: [] }, { bearer: [scope] }] : [{ cookie: [] }];
}

function errorStatuses(doc: RouteDoc): number[] {
  const s = new Set<number>(doc.errors ?? []);
  if (doc.query || doc.body) s.add(400);
  if (doc.access !== "public") s.add(401);
  if (doc.access !== "public" || doc.method !== "GET") s.add(403); // foreign Origin on any write
  if (doc.path.includes(":")) s.add(404);
  if (scopeOf(doc.method, doc.path)) s.add(429);
  for (const ok of Object.keys(doc.responses)) s.delete(Number(ok));
  return [...s].sort();
}

function operation(doc: RouteDoc, sink: SchemaSink): Json {
  const scope = scopeOf(doc.method, doc.path);
  const responses: Json = {};
  for (const [status, r] of Object.entries(doc.responses)) {
    const headers = doc.headers && Number(status) < 300 ? Object.fromEntries(doc.headers.map((h) => [h, { schema: { type: "integer" }, description: "the total before paging" }])) : undefined;
    const base: Json = { description: STATUS_TEXT[Number(status)] ?? "OK", ...(headers ? { headers } : {}) };
    if (r === null) responses[status] = base;
    else if (isRaw(r)) responses[status] = { ...base, description: r.description, content: { [r.mediaType]: { schema: { type: "string", format: "binary" } } } };
    else responses[status] = { ...base, content: { "application/json": { schema: sink.convert(r, "output") } } };
  }
  for (const status of errorStatuses(doc)) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? "Error",
      ...(status === 429 || status === 503 ? { headers: { "Retry-After": { schema: { type: "integer" }, description: "seconds to wait" } } } : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  const op: Json = {
    operationId: `${doc.method.toLowerCase()}${openApiPath(doc.path).replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    tags: [doc.tag],
    summary: doc.summary,
    description: `Who: ${doc.access === "signedIn" ? "any signed-in user" : doc.access}.${scope ? ` API token scope: \`${scope}\`.` : doc.access === "public" ? "" : " Not callable with an API token."}`,
    security: security(doc),
    responses,
  };
  const params = parameters(doc, sink);
  if (params.length) op.parameters = params;
  if (doc.body) {
    op.requestBody = isRaw(doc.body)
      ? { required: true, description: doc.body.description, content: { [doc.body.mediaType]: { schema: { type: "string", format: "binary" } } } }
      : { required: true, content: { "application/json": { schema: sink.convert(doc.body, "input") } } };
  }
  if (scope) op["x-token-scope"] = scope;
  return op;
}

export interface DocumentInfo {
  title: string;
  version: string;
  serverUrl: string;
}

export function buildOpenApiDocument(docs: readonly RouteDoc[], info: DocumentInfo): Json {
  const sink = new SchemaSink();
  sink.convert(errorBodySchema, "output");
  const paths: Record<string, Json> = {};
  for (const doc of docs) {
    const p = openApiPath(doc.path);
    paths[p] ??= {};
    paths[p][doc.method.toLowerCase()] = operation(doc, sink);
  }
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: `${info.title} API`,
      version: info.version,
      description:
        "The load board's HTTP API. Errors answer `{error, details?}`. Sign in with the session cookie, or call with " +
        `\`Authorization: Bearer <token>\` (an admin's API token, limited to its scopes, ${API_TOKEN_RATE_PER_MINUTE} requests a minute).`,
    },
    servers: [{ url: info.serverUrl }],
    tags: [...new Set(docs.map((d) => d.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: sink.components,
      securitySchemes: {
        cookie: { type: "apiKey", in: "cookie", name: "sid", description: "The session cookie set by POST /api/login" },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: `An API token made by an admin. Scopes: ${API_SCOPES.map((s) => `\`${s}\` (${API_SCOPE_LABELS[s]})`).join(", ")}.`,
        },
        applicantCookie: { type: "apiKey", in: "cookie", name: "applicant", description: "A pending applicant's registration cookie" },
      },
    },
  };
}
