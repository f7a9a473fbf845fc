// Real answers against the app's own OpenAPI document (the API tests validate
// real responses against it): ajv in
// JSON Schema 2020-12 mode — an implementation independent of zod, which made
// the document — checks a body against the schema the document gives for that
// route, method and status. Also: the registered routes, from the router itself.
import { Ajv2020 } from "ajv/dist/2020.js";
import type { App } from "../src/server/app";

type Json = Record<string, any>;

export interface OpenApiChecker {
  doc: Json;
  /** the problems of this answer against the document ([] when it matches); throws when the document has no such answer */
  problems(method: string, routeUrl: string, status: number, body: unknown): string[];
}

const pointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

export async function openApiChecker(app: App): Promise<OpenApiChecker> {
  const res = await app.inject({ url: "/api/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${res.statusCode}`);
  const doc = res.json() as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat("date-time", (v: string) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v));
  ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat("email", /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat("binary", () => true);
  ajv.addFormat("uri", (v: string) => URL.canParse(v));
  ajv.addSchema({ ...doc, $id: "https://openapi.local/doc.json" });
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return {
    doc,
    problems(method, routeUrl, status, body) {
      const path = routeUrl.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const op = doc.paths?.[path]?.[method.toLowerCase()];
      if (!op) throw new Error(`the document has no ${method} ${path}`);
      const answer = op.responses?.[String(status)];
      if (!answer) throw new Error(`the document has no ${status} answer for ${method} ${path}`);
      if (!answer.content?.["application/json"]) return body === "" || body === null || body === undefined ? [] : [`${status} has no JSON body in the document`];
      const ref = `https://openapi.local/doc.json#/paths/${pointer(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
      let validate = cache.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        cache.set(ref, validate);
      }
      return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
    },
  };
}

/** Registered routes from the router's own listing, "METHOD /path" (HEAD and the web fallback left out). */
export function registeredRoutes(app: App): string[] {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const path = (depth > 0 ? stack[depth - 1] : "") + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD" && path !== "*") out.add(`${method} ${path}`);
    }
  }
  return [...out].sort();
}
