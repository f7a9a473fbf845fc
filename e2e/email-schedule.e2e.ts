// Journey: the admin's email tools (the schedule, the bulk send and the mail outbox). An admin on
// a real server and a real Chromium sends the available-loads email (real SMTP sink),
// sees "Email Sent" only once it was delivered, sees a failure counted, finds it in
// Failed Mail and resends it, and edits the schedule: weekly needs a day, HH:MM is
// checked, settings are saved and shown again. Screenshots at desktop and phone width.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { DESKTOP, PHONE, launchBrowser, newPage, shot, startServer, type E2EServer } from "./helpers";
import { createAdmin, createCarrier, createLoad, PASSWORD } from "../test/factories";
import type { UserRow } from "../src/server/db/schema";

let server: E2EServer;
let browser: Browser;
let admin: UserRow;
const contexts: BrowserContext[] = [];

async function adminPage(viewport = DESKTOP): Promise<Page> {
  const { context, page } = await newPage(browser, server.url, viewport);
  contexts.push(context);
  const res = await page.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  return page;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await createAdmin(server.app, { name: "Ada Admin" });
  await createCarrier(server.app, { name: "Carla Driver" });
  await createCarrier(server.app, { name: "Dave Wheeler" });
  await createLoad(server.app, { loadNumber: "FN-2026-901" });
  await createLoad(server.app, { loadNumber: "FN-2026-902", pickupCity: "Glasgow", deliveryCity: "Manchester" });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

describe("admin email tools", () => {
  it("sends the available loads email after confirming, and says how many carriers got it", async () => {
    const page = await adminPage();
    await page.getByRole("button", { name: "Send Available Loads Email" }).click();
    const confirm = page.getByRole("dialog", { name: "Send Available Loads Email" });
    await confirm.waitFor();
    await shot(page, "email-send-confirm");
    await confirm.getByRole("button", { name: "Send Email" }).click();
    await page.getByText("Email Sent").waitFor();
    await page.getByText("Sent to 2 carriers (2 loads)").waitFor();
    expect(server.sink.messages).toHaveLength(2);
    expect(server.sink.messages[0].text).toContain("FN-2026-902");
  });

  it("counts a failed delivery as it happens, never says Email Sent for it, and resends it from Failed Mail", async () => {
    const page = await adminPage();
    const before = server.sink.messages.length;
    // one carrier's mailbox refuses the message (550: no retry cures it)
    server.sink.failNext(1, 550);
    await page.getByRole("button", { name: "Send Available Loads Email" }).click();
    await page.getByRole("dialog", { name: "Send Available Loads Email" }).getByRole("button", { name: "Send Email" }).click();
    await page.getByText("Failed to send available loads email").waitFor();
    const status = page.getByRole("status").filter({ hasText: "Available loads email:" });
    await status.getByText("1 of 2 delivered").waitFor();
    await status.getByText("1 failed").waitFor();
    expect(await page.getByText("Email Sent").count()).toBe(0);
    // the header button counts it
    await page.getByRole("button", { name: "Failed Mail (1 failed)" }).waitFor();
    await shot(page, "email-send-one-failed");

    await page.getByRole("button", { name: "View failed mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Failed Mail" });
    await dialog.getByText(/550|Mailbox unavailable/).waitFor();
    await shot(page, "failed-mail-dialog");
    await dialog.getByRole("button", { name: "Resend" }).click();
    await page.getByText("Queued Again").waitFor();
    await expect.poll(() => server.sink.messages.length, { timeout: 15_000 }).toBe(before + 2);
    await dialog.getByText("No failed mail.", { exact: false }).waitFor();
  });

  it("edits the schedule: weekly needs a day, the time must be HH:MM, and saved settings come back", async () => {
    const page = await adminPage();
    await page.getByRole("button", { name: "Schedule Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Email" });
    await dialog.getByText("Last sent: Never").waitFor();
    await dialog.getByText("Sent on weekdays only, UK time").waitFor();
    await shot(page, "email-schedule-dialog");

    await dialog.getByLabel("Send the available loads email automatically").click();
    await dialog.getByLabel("Weekly").check();
    const save = dialog.getByRole("button", { name: "Save" });
    await dialog.getByText("Select at least one day for a weekly schedule").waitFor();
    expect(await save.isDisabled()).toBe(true);
    await shot(page, "email-schedule-weekly-no-day");

    await dialog.getByLabel("Tuesday").click();
    await dialog.getByLabel("Thursday").click();
    expect(await save.isDisabled()).toBe(false);

    const time = dialog.getByLabel("Time (24-hour, HH:MM)");
    await time.fill("7:30");
    await save.click();
    await dialog.getByText("Time must be in HH:MM format").waitFor();
    await shot(page, "email-schedule-bad-time");
    await time.fill("07:30");
    await save.click();
    await page.getByText("Schedule Updated").waitFor();
    await dialog.waitFor({ state: "hidden" });

    const saved = await server.app.inject({
      method: "GET",
      url: "/api/admin/email-schedule-settings",
      headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    expect(saved.json()).toMatchObject({ enabled: true, frequency: "weekly", time: "07:30", daysOfWeek: ["tuesday", "thursday"] });

    // reopening shows what was saved; switching to daily sends no days
    await page.getByRole("button", { name: "Schedule Email" }).click();
    await expect.poll(() => dialog.getByLabel("Tuesday").getAttribute("data-state")).toBe("checked");
    expect(await dialog.getByLabel("Time (24-hour, HH:MM)").inputValue()).toBe("07:30");
    const put = page.waitForRequest((r) => r.url().endsWith("/api/admin/email-schedule-settings") && r.method() === "PUT");
    await dialog.getByLabel("Daily").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await put).postDataJSON()).toEqual({ enabled: true, frequency: "daily", time: "07:30", daysOfWeek: [] });
    await dialog.waitFor({ state: "hidden" });
  });

  it("fits a phone", async () => {
    const page = await adminPage(PHONE);
    await page.getByRole("button", { name: "Schedule Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Email" });
    await dialog.getByLabel("Weekly").check();
    await dialog.getByLabel("Monday").waitFor();
    // the dialog and everything in it fit the 390 px screen (the page behind has its own scrolling tables)
    const overflow = await dialog.evaluate((d) =>
      [d, ...d.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > 390.5 || e.getBoundingClientRect().left < 0).length,
    );
    expect(overflow).toBe(0);
    const box = await dialog.getByRole("button", { name: "Save" }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await shot(page, "email-schedule-dialog-phone");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Send Available Loads Email" }).click();
    await page.getByRole("dialog", { name: "Send Available Loads Email" }).waitFor();
    await shot(page, "email-send-confirm-phone");
    await page.keyboard.press("Escape");

    // Failed Mail on a phone: one failed message with a long error, every part on screen
    server.sink.failNext(1, 550);
    await page.getByRole("button", { name: "Send Available Loads Email" }).click();
    await page.getByRole("dialog", { name: "Send Available Loads Email" }).getByRole("button", { name: "Send Email" }).click();
    await page.getByText("1 failed").waitFor();
    await page.getByRole("button", { name: /^Failed Mail/ }).click();
    const failed = page.getByRole("dialog", { name: "Failed Mail" });
    await failed.getByRole("button", { name: "Resend" }).waitFor();
    const spill = await failed.evaluate((d) =>
      [d, ...d.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > 390.5 || e.getBoundingClientRect().left < 0).length,
    );
    expect(spill).toBe(0);
    expect((await failed.getByRole("button", { name: "Resend" }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(page, "failed-mail-dialog-phone");
  });
});
