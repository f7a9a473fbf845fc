// Parse a body, query or params with a contract schema; failures become a 400
// listing every failing field with the spec's message (contract: 400).
import type { z } from "zod";
import { AppError } from "./app-error";

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.join(".") || "body", message: i.message }));
  throw new AppError(400, details[0]?.message ?? "The request could not be read", details);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names nothing: 404, not a database error. */
export function idParam(params: unknown, name = "id"): string {
  const v = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof v !== "string" || !UUID.test(v)) throw new AppError(404, "Not found");
  return v.toLowerCase();
}
