// Journey: API tokens. An admin opens
// the Integrations tab, creates a token with loads:read (scopes as checkboxes),
// copies it from the shown-once view, calls the API with it from the test
// (Authorization: Bearer, no cookie), and sees "Last used" filled in; a POST
// without loads:write is refused; the admin revokes it through the confirm
// dialog and the next call is 401. A manager has no Integrations tab. At a
// 1280 px desk and a 390 px phone; axe-core's WCAG A/AA rules on each screen.
// (The webhooks journey is in its own file.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, startJourney, viewShot, type Journey } from "./helpers";
import { createAdmin, createLoad, createManager } from "../test/factories";
import type { UserRow } from "../src/server/db/schema";

let journey: Journey;
let admin: UserRow;
let manager: UserRow;
let token = "";

beforeAll(async () => {
  journey = await startJourney();
  const app = journey.server.app;
  admin = await createAdmin(app, { name: "Ada Admin", carrierName: "Flatbed Network" });
  manager = await createManager(app, { name: "Morgan Manager", carrierName: "Flatbed Network" });
  await createLoad(app, { pickupCity: "Leeds", deliveryCity: "Bristol" });
});

afterAll(() => journey?.close());

const bearer = (path: string, init: RequestInit = {}) =>
  fetch(`${journey.server.url}${path}`, { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${token}` } });

describe("API tokens", () => {
  it("an admin creates a token, calls the API with it and sees last used; POST without loads:write is refused; revoke stops it", async () => {
    const page = await journey.signedInPage(admin, DESKTOP_1280);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Integrations" }).click();
    await page.getByText("No API tokens yet.", { exact: false }).waitFor();
    await expectAccessible(page);
    await viewShot(page, "integrations-tokens-empty-desk");

    await page.getByRole("button", { name: "Create token" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API token" });
    await dialog.waitFor();
    // refused without a name or a scope, each field's message under it
    await dialog.getByRole("button", { name: "Create token" }).click();
    await dialog.getByText("Please enter a name for the token").waitFor();
    await dialog.getByText("Please choose at least one scope").waitFor();
    await dialog.getByLabel("Name").fill("TMS import");
    await dialog.getByRole("checkbox", { name: /Read loads/ }).click();
    await expectAccessible(page);
    await viewShot(page, "integrations-create-token-desk");
    await dialog.getByRole("button", { name: "Create token" }).click();

    const shown = page.getByRole("dialog", { name: "Copy your new API token" });
    await shown.waitFor();
    await shown.getByText("This is the only time the token is shown", { exact: false }).waitFor();
    token = await shown.getByTestId("new-api-token").inputValue();
    expect(token).toMatch(/^lbt_/);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await shown.getByRole("button", { name: "Copy token" }).click();
    await shown.getByRole("status").filter({ hasText: /Copied|Selected/ }).waitFor();
    await expectAccessible(page);
    await viewShot(page, "integrations-token-shown-once-desk");
    await shown.getByRole("button", { name: "Done" }).click();

    const row = page.getByRole("table", { name: "API tokens" }).getByRole("row").filter({ hasText: "TMS import" });
    await row.waitFor();
    await expect.poll(() => row.getByTestId("token-last-used").textContent()).toBe("Never");
    expect(await row.textContent()).not.toContain(token);

    // the system calls the API with the token (no cookie)
    const list = await bearer("/api/loads");
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBeGreaterThan(0);
    const post = await bearer("/api/loads", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pickupCity: "Hull" }) });
    expect(post.status).toBe(403);

    // "Last used" fills in (a reload, as an admin coming back to the page)
    await page.reload();
    await page.getByRole("tab", { name: "Integrations" }).click();
    await expect.poll(async () => (await row.getByTestId("token-last-used").textContent()) ?? "", { timeout: 10_000 }).not.toBe("Never");
    await viewShot(page, "integrations-tokens-list-desk");

    // revoke, through the confirm dialog: the next call is refused
    await row.getByRole("button", { name: "Revoke TMS import" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke API token?" });
    await confirm.getByText("stops working at once", { exact: false }).waitFor();
    await expectAccessible(page);
    await viewShot(page, "integrations-revoke-desk");
    await confirm.getByRole("button", { name: "Revoke token" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByText("No API tokens yet.", { exact: false }).waitFor();
    expect((await bearer("/api/loads")).status).toBe(401);
  });

  it("on a 390 px phone: the tokens as cards, the create dialog fits", async () => {
    const app = journey.server.app;
    const res = await app.inject({ method: "POST", url: "/api/login", payload: { email: admin.email, password: "Secret1!pass" } });
    const cookie = `sid=${res.cookies.find((c) => c.name === "sid")!.value}`;
    await app.inject({ method: "POST", url: "/api/admin/api-tokens", headers: { cookie }, payload: { name: "Route planner", scopes: ["loads:read", "bids:read"], expiresOn: "2099-12-31" } });

    const page = await journey.signedInPage(admin, PHONE);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Integrations" }).click();
    const cards = page.getByRole("list", { name: "API tokens" });
    await cards.getByText("Route planner").waitFor();
    await cards.getByText("31 Dec 2099", { exact: false }).waitFor();
    await fitsPhone(page);
    await expectAccessible(page);
    await viewShot(page, "integrations-tokens-phone");
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByRole("dialog", { name: "Create API token" }).waitFor();
    await fitsPhone(page);
    await expectAccessible(page);
    await viewShot(page, "integrations-create-token-phone");
  });

  it("the API reference page at /api/docs: signed out, readable at a desk and on a phone, each call opens", async () => {
    for (const [viewport, name] of [
      [DESKTOP_1280, "desk"],
      [PHONE, "phone"],
    ] as const) {
      const page = await journey.newPage(viewport);
      await page.goto("/api/docs");
      await page.getByRole("heading", { level: 1 }).waitFor();
      const call = page.locator("details", { hasText: "/api/loads/{id}" }).first();
      await call.locator("summary").click();
      await call.getByText("API token scope", { exact: false }).first().waitFor();
      await fitsPhone(page).catch((e) => {
        if (name === "phone") throw e;
      });
      await expectAccessible(page);
      await viewShot(page, `integrations-api-docs-${name}`);
    }
  });

  it("a manager has no Integrations tab", async () => {
    const page = await journey.signedInPage(manager, DESKTOP_1280);
    await page.goto("/admin");
    await page.getByRole("tab", { name: /Invoices/ }).waitFor();
    expect(await page.getByRole("tab", { name: "Integrations" }).count()).toBe(0);
  });
});
