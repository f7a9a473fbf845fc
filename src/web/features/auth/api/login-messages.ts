// The sign-in step's landing page and failure messages, without React: the prerendered sign-in
// page's small script (src/web/signed-out/) uses them as the app's login page does.
import { isStaffRole } from "@contract/constants";
import { ApiError } from "../../../lib/api";

/** after login staff go to /admin, others to / */
export function homePathFor(user: { role: string; isAdmin: boolean } | null | undefined): string {
  return isStaffRole(user) ? "/admin" : "/";
}

/** The login failure messages: title and description of the destructive toast. */
export function loginErrorToast(err: unknown): { title: string; description: string } {
  if (err instanceof ApiError) {
    const body = err.body;
    if (err.status === 403 && body?.message === "pending_approval") {
      return {
        title: "Account Pending Approval",
        description: "Your account is awaiting admin approval. Please contact an administrator or try again later.",
      };
    }
    // 401 wrong credentials, 429 throttled, 400 invalid: the server's words
    return { title: "Login Failed", description: err.serverMessage || "Login failed" };
  }
  return { title: "Login Failed", description: "Invalid email or password." };
}
