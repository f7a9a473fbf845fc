// What the send box says, as plain functions (tested beside it): the counter,
// the check before sending, and the server's refusals in words.
import { MESSAGE_BODY_MAX, MESSAGE_WORDS, messageBodySchema } from "@contract/schemas/message";
import { ApiError } from "../../lib/api";

/** "12 / 2,000 characters" */
export function counterText(length: number): string {
  return `${length.toLocaleString("en-GB")} / ${MESSAGE_BODY_MAX.toLocaleString("en-GB")} characters`;
}

/** The contract's words for a body that would be refused, or null when it may be sent. */
export function bodyProblem(body: string): string | null {
  const r = messageBodySchema.safeParse(body);
  return r.success ? null : (r.error.issues[0]?.message ?? MESSAGE_WORDS.bodyEmpty);
}

/** A failed send in words: the server's own (400 says which check), 429 "too many", else a connection problem. */
export function sendErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return err.serverMessage ?? MESSAGE_WORDS.tooMany;
    if (err.serverMessage) return err.serverMessage;
  }
  return "The message could not be sent. Check your connection and try again.";
}

/** Enter sends; Shift+Enter (and Enter while an input method is composing) is a new line. */
export function sendsOnKey(e: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return e.key === "Enter" && !e.shiftKey && !e.isComposing;
}
