// One documented route of the OpenAPI document (docs/decisions/0019-openapi.md). The
// routes validate with the contract's zod schemas inside their handlers (lib/
// validate.ts parse()), so the document is built from a registry naming, for
// each route, the very schemas its handler parses, rather than by moving every
// route onto Fastify's schema option. openapi.test.ts fails when a registered
// /api route has no entry here, and validates real answers against it.
import type { z } from "zod";

export type Access = "public" | "signedIn" | "staff" | "admin" | "applicant";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A body that is not JSON: its media type and a line about it. */
export interface RawBody {
  mediaType: string;
  description: string;
}

export type ResponseDoc = z.ZodType | RawBody | null;

export interface RouteDoc {
  method: HttpMethod;
  /** the template as registered with Fastify (`:id`), turned into `{id}` in the document */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType | RawBody;
  /** the answers by status; null: no body (204, 304). Errors are added by the builder. */
  responses: Record<number, ResponseDoc>;
  /** answer headers worth naming (X-Total-Count on lists) */
  headers?: string[];
  /** a status the route answers besides the usual errors (409, 413, 429…) */
  errors?: number[];
}

export const isRaw = (v: unknown): v is RawBody => typeof v === "object" && v !== null && "mediaType" in v && "description" in v;

export const CSV: RawBody = { mediaType: "text/csv", description: "CSV file (UTF-8, formula cells neutralised)" };
export const PDF: RawBody = { mediaType: "application/pdf", description: "PDF document" };
export const HTML: RawBody = { mediaType: "text/html", description: "HTML page" };
export const SSE: RawBody = { mediaType: "text/event-stream", description: "Server-sent events (live updates)" };
export const BYTES: RawBody = { mediaType: "application/octet-stream", description: "The file's bytes (PDF, JPEG or PNG, at most 10 MB)" };
