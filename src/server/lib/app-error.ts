// The one error type. Services throw it; the error handler turns it
// into the contract's body {"error", "details"?}.
import type { ErrorDetail } from "../../contract/errors";

export class AppError extends Error {
  /** response headers sent with the error (Retry-After on 429, 503, 507) */
  headers?: Record<string, string>;
  constructor(
    public readonly status: number,
    message: string,
    public readonly details?: ErrorDetail[] | string,
    /** extra top-level field, e.g. {message: "pending_approval"} */
    public readonly extra?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}

export const badRequest = (message: string, details?: ErrorDetail[] | string) => new AppError(400, message, details);
export const unauthorized = (message = "Not signed in") => new AppError(401, message);
export const forbidden = (message = "You are not allowed to do that") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
