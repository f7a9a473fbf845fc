// Text the database cannot store (a NUL character) is a 400 for the client, not a
// 500 from the database: every route that writes free text checks its body here.
import { AppError } from "./app-error";

/** Walks with an explicit stack: a hostile body nested thousands deep must not exhaust it. */
export function assertStorableText(value: unknown): void {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: "" }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) {
        const message = "Text must not contain NUL characters";
        throw new AppError(400, message, [{ path: path || "body", message }]);
      }
    } else if (v && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) stack.push({ v: child, path: path ? `${path}.${k}` : k });
    }
  }
}
