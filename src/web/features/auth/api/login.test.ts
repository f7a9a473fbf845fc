// The login failure messages and the landing page after login, as the login page shows them.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api";
import { homePathFor, loginErrorToast } from "./login";

describe("loginErrorToast", () => {
  it("names a pending account with the spec's words", () => {
    const err = new ApiError(403, JSON.stringify({ error: "Your account is awaiting admin approval", message: "pending_approval" }));
    expect(loginErrorToast(err)).toEqual({
      title: "Account Pending Approval",
      description: "Your account is awaiting admin approval. Please contact an administrator or try again later.",
    });
  });

  it("shows the server's message for wrong credentials and for throttling", () => {
    expect(loginErrorToast(new ApiError(401, '{"error":"Invalid email or password"}'))).toEqual({
      title: "Login Failed",
      description: "Invalid email or password",
    });
    expect(loginErrorToast(new ApiError(429, '{"error":"Too many attempts. Please try again later."}')).description).toBe(
      "Too many attempts. Please try again later.",
    );
  });

  it("says 'Login failed' when the body has no error text, and the generic message when there was no answer", () => {
    expect(loginErrorToast(new ApiError(502, "Bad Gateway"))).toEqual({ title: "Login Failed", description: "Login failed" });
    expect(loginErrorToast(new TypeError("Failed to fetch"))).toEqual({ title: "Login Failed", description: "Invalid email or password." });
  });

  it("a 403 for another reason is not a pending account", () => {
    expect(loginErrorToast(new ApiError(403, '{"error":"Cross-site request refused"}')).title).toBe("Login Failed");
  });
});

describe("homePathFor", () => {
  it("sends admins and managers to /admin and carriers to /", () => {
    expect(homePathFor({ role: "admin", isAdmin: true })).toBe("/admin");
    expect(homePathFor({ role: "manager", isAdmin: false })).toBe("/admin");
    expect(homePathFor({ role: "carrier", isAdmin: true })).toBe("/admin");
    expect(homePathFor({ role: "carrier", isAdmin: false })).toBe("/");
  });
});
