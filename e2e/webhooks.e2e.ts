// Journey: webhooks. An admin opens the
// Integrations tab, adds a webhook pointing at a receiver on 127.0.0.1 (this
// server alone runs with WEBHOOK_ALLOW_PRIVATE=true), copies the signing secret
// from the shown-once view, posts a load; the receiver gets `load.created` signed
// the Standard Webhooks way (checked with the standardwebhooks package, never the
// product's own code), and the admin sees the delivery (HTTP 200) in the endpoint's
// delivery log, retries it (same webhook-id), edits and deletes the endpoint. At a
// 1280 px desk and on a 390 px phone; the list's loading and error states; axe-core's
// WCAG A/AA rules on each screen.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, startJourney, viewShot, type Journey } from "./helpers";
import { createAdmin } from "../test/factories";
import type { UserRow } from "../src/server/db/schema";

interface Received {
  headers: Record<string, string>;
  body: string;
}

let journey: Journey;
let admin: UserRow;
let receiver: Server;
let receiverUrl = "";
const received: Received[] = [];
let secret = "";

beforeAll(async () => {
  journey = await startJourney({ config: { webhookAllowPrivate: true } });
  admin = await createAdmin(journey.server.app, { name: "Ada Admin", carrierName: "Flatbed Network" });
  // the TMS's end: records each request's headers and raw body, answers 200
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/load-board`;
});

afterAll(async () => {
  await journey?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

async function waitForRequests(n: number, ms = 20_000): Promise<Received[]> {
  await expect.poll(() => received.length, { timeout: ms, interval: 50 }).toBeGreaterThanOrEqual(n);
  return received;
}

async function openIntegrations(page: Page) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Integrations" }).click();
}

describe("Webhooks", () => {
  it("an admin adds a webhook, a load is posted, the receiver gets load.created signed, the log shows HTTP 200 and Retry resends it", async () => {
    const page = await journey.signedInPage(admin, DESKTOP_1280);
    await openIntegrations(page);
    const section = page.getByRole("region", { name: "Webhooks" });
    await section.getByText("No webhooks yet.", { exact: false }).waitFor();
    await expectAccessible(page);
    await viewShot(page, "webhooks-empty-desk");

    // the dialog: refused without a URL or an event, the words under the fields
    await section.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook" });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("url");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await dialog.getByText("Please enter the URL the events are sent to").waitFor();
    await dialog.getByText("Please choose at least one event").waitFor();
    await expectAccessible(page);
    await viewShot(page, "webhooks-add-errors-desk");
    await dialog.getByLabel("URL").fill(receiverUrl);
    await dialog.getByRole("checkbox", { name: /Load created/ }).click();
    await dialog.getByRole("checkbox", { name: /Load cancelled/ }).click();
    await dialog.getByLabel("Description (optional)").fill("TMS");
    expect(await dialog.getByRole("checkbox", { name: /Load created/ }).isChecked()).toBe(true);
    await expectAccessible(page);
    await viewShot(page, "webhooks-add-desk");
    await dialog.getByRole("button", { name: "Add webhook" }).click();

    // the signing secret, this once, with Copy
    const shown = page.getByRole("dialog", { name: "Copy the signing secret" });
    await shown.waitFor();
    await shown.getByText("This is the only time the secret is shown", { exact: false }).waitFor();
    secret = await shown.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await shown.getByRole("button", { name: "Copy secret" }).click();
    await shown.getByRole("status").filter({ hasText: /Copied|Selected/ }).waitFor();
    await expectAccessible(page);
    await viewShot(page, "webhooks-secret-desk");
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "detached" });

    const card = section.getByRole("listitem").filter({ hasText: receiverUrl });
    await card.getByText("No deliveries yet").waitFor();
    expect(await card.textContent()).not.toContain(secret);
    await card.getByText("load.created").waitFor();

    // a load is posted (the admin's own session): the receiver hears of it
    const pickup = new Date(Date.now() + 3 * 86_400_000);
    pickup.setUTCHours(9, 0, 0, 0);
    const post = await page.request.post("/api/loads", {
      data: { pickupCity: "Leeds", deliveryCity: "Bristol", price: 650, distance: 200, pickupDate: pickup.toISOString() },
    });
    expect(post.status(), await post.text()).toBe(201);
    const load = (await post.json()) as { id: string; loadNumber: string };
    const [first] = await waitForRequests(1);
    // an independent implementation checks the signature (throws when it is wrong)
    const payload = new Webhook(secret).verify(first.body, first.headers) as { type: string; timestamp: string; data: { id?: string; loadNumber?: string } };
    expect(payload.type).toBe("load.created");
    expect(payload.data).toMatchObject({ loadNumber: load.loadNumber });
    expect(first.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(() => new Webhook(`whsec_${Buffer.from("not the secret at all!!").toString("base64")}`).verify(first.body, first.headers)).toThrow();

    // the delivery log shows it: delivered, HTTP 200
    await card.getByRole("button", { name: `Delivery log of ${receiverUrl}` }).click();
    const log = page.getByRole("dialog", { name: "Delivery log" });
    await log.waitFor();
    // at a desk, a table: outcome, event (and the webhook-id the receiver saw), attempt, answer, time taken, when
    const table = log.getByRole("table", { name: "Delivery attempts, newest first" });
    const attempt = table.getByTestId("webhook-attempt-row").first();
    await expect.poll(async () => (await attempt.textContent()) ?? "", { timeout: 15_000 }).toContain("HTTP 200");
    expect(await attempt.textContent()).toContain("Delivered");
    expect(await attempt.textContent()).toContain("Load created");
    expect(await attempt.textContent()).toContain(first.headers["webhook-id"]);
    await expectAccessible(page);
    await viewShot(page, "webhooks-log-desk");

    // Retry sends that delivery again, under the same webhook-id
    await log.getByRole("button", { name: /^Retry Load created attempt 1/ }).click();
    const [, again] = await waitForRequests(2);
    expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect((new Webhook(secret).verify(again.body, again.headers) as { type: string }).type).toBe("load.created");
    await expect.poll(() => table.getByTestId("webhook-attempt-row").count(), { timeout: 15_000 }).toBe(2);
    await log.getByRole("button", { name: "Close" }).last().click();
    await log.waitFor({ state: "detached" });
    // the card behind the log has kept up: when it last delivered, and the answer
    await expect.poll(async () => (await card.textContent()) ?? "", { timeout: 10_000 }).toContain("HTTP 200");
    expect(await card.textContent()).toContain("Delivered");

    // edit: the description changes, the secret stays
    await card.getByRole("button", { name: `Edit ${receiverUrl}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit webhook" });
    expect(await edit.getByLabel("URL").inputValue()).toBe(receiverUrl);
    expect(await edit.getByRole("checkbox", { name: /Load created/ }).isChecked()).toBe(true);
    await edit.getByLabel("Description (optional)").fill("TMS (Leeds depot)");
    await edit.getByRole("button", { name: "Save webhook" }).click();
    await edit.waitFor({ state: "detached" });
    await card.getByText("TMS (Leeds depot)").waitFor();
    await viewShot(page, "webhooks-list-desk");
  });

  it("on a 390 px phone: the endpoint card and its delivery log are readable and fit", async () => {
    const page = await journey.signedInPage(admin, PHONE);
    await openIntegrations(page);
    const section = page.getByRole("region", { name: "Webhooks" });
    const card = section.getByRole("listitem").filter({ hasText: receiverUrl });
    await card.waitFor();
    await fitsPhone(page);
    await expectAccessible(page);
    await card.scrollIntoViewIfNeeded();
    await viewShot(page, "webhooks-list-phone");

    await card.getByRole("button", { name: `Delivery log of ${receiverUrl}` }).click();
    const log = page.getByRole("dialog", { name: "Delivery log" });
    // on a phone, cards: each attempt's words, then a full-width Retry
    const attempt = log.getByRole("list", { name: "Delivery attempts" }).getByTestId("webhook-attempt").first();
    await expect.poll(async () => (await attempt.textContent()) ?? "").toContain("HTTP 200");
    expect(await log.getByRole("table").count()).toBe(0);
    await fitsPhone(page);
    // every attempt's words sit inside the sheet, nothing cut off at the side
    const box = (await log.boundingBox())!;
    for (const a of await log.getByTestId("webhook-attempt").all()) {
      const b = (await a.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    await expectAccessible(page);
    await viewShot(page, "webhooks-log-phone");
    await page.keyboard.press("Escape");
    await log.waitFor({ state: "detached" });

    await section.getByRole("button", { name: "Add webhook" }).click();
    await page.getByRole("dialog", { name: "Add webhook" }).waitFor();
    await fitsPhone(page);
    await expectAccessible(page);
    await viewShot(page, "webhooks-add-phone");
    await page.keyboard.press("Escape");
  });

  it("the list's loading and error states, then delete with a confirm", async () => {
    const page = await journey.signedInPage(admin, DESKTOP_1280);
    // the list's first answer fails: an inline message with Try again
    let fail = true;
    await page.route("**/api/admin/webhooks", (route) =>
      fail && route.request().method() === "GET" ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Internal Server Error" }) }) : route.fallback(),
    );
    await openIntegrations(page);
    const section = page.getByRole("region", { name: "Webhooks" });
    const alert = section.getByRole("alert").filter({ hasText: "Could not load the webhooks." });
    await alert.waitFor({ timeout: 20_000 });
    await expectAccessible(page);
    await viewShot(page, "webhooks-error-desk");
    fail = false;
    await alert
      .getByRole("button", { name: "Try again" })
      .click({ timeout: 15_000 })
      .catch(async (err: unknown) => {
        // a refetch of its own (the service worker's first takeover refetches every
        // query) may bring the list back first and take the button away under the click
        if (await alert.isVisible()) throw err;
      });
    const card = section.getByRole("listitem").filter({ hasText: receiverUrl });
    await card.waitFor();

    // delete: asks once, then the list is empty again
    await card.getByRole("button", { name: `Delete ${receiverUrl}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete webhook?" });
    await confirm.getByText(`No more events go to ${receiverUrl}`, { exact: false }).waitFor();
    await expectAccessible(page);
    await viewShot(page, "webhooks-delete-desk");
    await confirm.getByRole("button", { name: "Delete webhook" }).click();
    await confirm.waitFor({ state: "detached" });
    await section.getByText("No webhooks yet.", { exact: false }).waitFor();
  });
});
