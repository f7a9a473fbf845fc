// User-facing messages (checks and errors), written once. Checks
// no schema words itself get plain English from plain-errors.ts (imported here,
// so any code that shows a message has zod configured the same way).
import "./plain-errors";
export { MSG } from "./message-words";
