// The messages of a failed POD save, in one place for the dialog and the offline sender
// (which runs in the service worker too, so no React here).
import { ApiError } from "../../../lib/api";

export const POD_FAILED = "Failed to update POD information. Please try again.";

/**
 * The server's message, or "Validation error: {details}", or the generic
 * message. Field details are also handed to onField (the dialog shows them
 * under their fields).
 */
export function podRefusalMessage(err: unknown, onField?: (path: string, message: string) => void): string {
  if (err instanceof ApiError) {
    const details = err.body?.details;
    if (err.status === 400 && Array.isArray(details) && details.length > 0) {
      const list = details as { path?: string; message?: string }[];
      for (const d of list) if (d.path && d.message) onField?.(d.path, d.message);
      return `Validation error: ${list.map((d) => d.message).filter(Boolean).join(", ")}`;
    }
    if (err.serverMessage) return err.serverMessage;
  }
  return POD_FAILED;
}
