// Journey: waiting time paid with evidence. A driver on a 390 px phone records the
// pickup (with the phone's position), then at the delivery yard has no signal:
// presses Arrived, waits 3 h 15 min, presses Leaving; both are kept on the phone
// with the time pressed and, when the signal returns, recorded with those times.
// The carrier claims the waiting from the load's details (the times, the free time
// and the amount shown before sending), finds it in Claims; staff approve it at a
// 1280 px desk from the Claims tab (evidence and booked time shown); once POD is
// complete the self-billing invoice carries the claim as its own line, and its PDF
// (rendered to a PNG to look at) shows it.
// The page's clock is set hours back, so 3 h 15 min of waiting takes no real time
// and every pressed time is in the server's past.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, settled, startJourney, viewShot, shot, type E2EServer, type Journey } from "./helpers";
import { createManager, login } from "../test/factories";
import { approvedLoad, completeByPod, haulier } from "../test/invoice-fixtures";
import { loadStops, waitingClaims, type CompanyRow, type LoadRow, type UserRow } from "../src/server/db/schema";
import { TMP_ROOT } from "../test/paths";
import { formatTime } from "../src/web/lib/format";

let journey: Journey;
let server: E2EServer;
let company: CompanyRow;
let driver: UserRow;
let driverCookie: string;
let manager: UserRow;
let load: LoadRow;
const SHOTS = `${TMP_ROOT}/screenshots`;
const SAVED = "Saved on this phone — will send when there is a signal";
const LEEDS = { latitude: 53.79765, longitude: -1.55129, accuracy: 25 };
const SOUTHAMPTON = { latitude: 50.8985, longitude: -1.4044, accuracy: 30 };
const MIN = 60_000;
// the pressed times: pickup 7 h ago, the delivery yard from 4 h ago for 3 h 15 min (and a few seconds)
const now = Math.floor(Date.now() / MIN) * MIN;
const T = {
  pickupIn: new Date(now - 7 * 60 * MIN),
  pickupOut: new Date(now - 6 * 60 * MIN - 20 * MIN),
  deliveryIn: new Date(now - 4 * 60 * MIN),
  deliveryOut: new Date(now - 4 * 60 * MIN + 195 * MIN + 30_000),
};

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const app = server.app;
  const h = await haulier(app, { name: "Yardley Flatbeds Ltd" });
  company = h.company;
  driver = h.member.user;
  driverCookie = h.member.cookie;
  manager = await createManager(app, { name: "Morgan Manager", carrierName: "Flatbed Network" });
  load = await approvedLoad(app, company, driver.id, {
    loadNumber: "FN-2026-829",
    pickupCity: "Leeds",
    pickupZip: "LS1 4AP",
    deliveryCity: "Southampton",
    deliveryZip: "SO14 3JA",
    price: 850,
  });
});

afterAll(() => journey?.close());

const card = (page: Page): Locator => page.locator('[data-testid="load-card"]', { hasText: `#${load.loadNumber}` });
const stopsOf = async () => server.app.ctx.db.select().from(loadStops).where(eq(loadStops.loadId, load.id));
const near = (a: Date | null | undefined, b: Date) => Math.abs((a?.getTime() ?? 0) - b.getTime()) < 20_000;

let phone: Page;

describe("waiting time paid with evidence", () => {
  it("the driver records the pickup, then Arrived and Leaving at the yard with no signal; both arrive with the pressed times", async () => {
    phone = await journey.logIn(driver, PHONE);
    await phone.context().grantPermissions(["geolocation"]);
    await phone.context().setGeolocation(LEEDS);
    await phone.clock.install({ time: T.pickupIn });
    await phone.goto("/");
    const box = card(phone).getByTestId("stop-actions");
    await box.getByText(/Next stop: pickup, Leeds/i).waitFor({ timeout: 30_000 });
    await settled(box);
    await viewShot(phone, "waiting-time-card-pickup-phone");
    await expectAccessible(phone);
    await fitsPhone(phone);
    // a glove-sized button
    const arrived = box.getByRole("button", { name: "Arrived at pickup" });
    expect((await arrived.boundingBox())!.height).toBeGreaterThanOrEqual(56);

    await phone.clock.setSystemTime(T.pickupIn);
    await arrived.click();
    await box.getByText(`Arrived at pickup ${formatTime(T.pickupIn)} · position recorded`).waitFor();
    await phone.clock.setSystemTime(T.pickupOut);
    await box.getByRole("button", { name: "Leaving pickup" }).click();
    await box.getByText(`Left pickup ${formatTime(T.pickupOut)} · position recorded`).waitFor();
    await box.getByText(/Next stop: delivery, Southampton/i).waitFor();

    // the yard: no signal
    await phone.context().setOffline(true);
    await phone.context().setGeolocation(SOUTHAMPTON);
    await phone.clock.setSystemTime(T.deliveryIn);
    await box.getByRole("button", { name: "Arrived at delivery" }).click();
    await box.getByText(`Arrived at delivery ${formatTime(T.deliveryIn)} · ${SAVED}`).waitFor();
    await phone.clock.setSystemTime(T.deliveryOut);
    await box.getByRole("button", { name: "Leaving delivery" }).click();
    await box.getByText(`Left delivery ${formatTime(T.deliveryOut)} · ${SAVED}`).waitFor();
    await box.getByText("Pickup and delivery times pressed").waitFor();
    await box.getByText("2 times are waiting on this phone to send.").waitFor();
    await settled(box);
    await viewShot(phone, "waiting-time-card-saved-offline-phone");
    await expectAccessible(phone);
    // nothing reached the server yet
    expect((await stopsOf()).find((s) => s.stop === "delivery")?.arrivedAt ?? null).toBeNull();

    // the signal returns: both sent, in order, with the times they were pressed
    await phone.context().setOffline(false);
    await box.getByText(`Left delivery ${formatTime(T.deliveryOut)} · position recorded`).waitFor({ timeout: 30_000 });
    await box.getByText("Pickup and delivery times recorded").waitFor();
    await box.getByText("Waited beyond the free time? Claim it from View Details.").waitFor();
    const delivery = (await stopsOf()).find((s) => s.stop === "delivery")!;
    expect(near(delivery.arrivedAt, T.deliveryIn), `arrived ${delivery.arrivedAt?.toISOString()} vs ${T.deliveryIn.toISOString()}`).toBe(true);
    expect(near(delivery.departedAt, T.deliveryOut), `departed ${delivery.departedAt?.toISOString()} vs ${T.deliveryOut.toISOString()}`).toBe(true);
    expect(delivery.arrivalEvidence).toBe("position");
    const pickup = (await stopsOf()).find((s) => s.stop === "pickup")!;
    expect(near(pickup.arrivedAt, T.pickupIn) && near(pickup.departedAt, T.pickupOut)).toBe(true);
    await settled(box);
    await viewShot(phone, "waiting-time-card-sent-phone");
    await phone.setViewportSize(DESKTOP_1280);
    await viewShot(phone, "waiting-time-card-sent-desktop");
    await phone.setViewportSize(PHONE);
  });

  it("the carrier claims the waiting at delivery from the load's details, seeing the times and the waiting first", async () => {
    await card(phone).getByRole("button", { name: "View Details" }).click();
    const details = phone.getByRole("dialog", { name: `Load Details - #${load.loadNumber}` });
    const stops = details.getByTestId("load-stops");
    await stops.waitFor({ timeout: 15_000 });
    // 40 minutes at the pickup: nothing beyond the free time, in the contract's words, and nothing to send
    await stops.getByRole("button", { name: "Claim waiting time" }).first().click();
    const pickupForm = phone.getByRole("dialog", { name: "Claim waiting time at pickup" });
    await pickupForm.getByText("No waiting time beyond the free period").waitFor();
    expect(await pickupForm.getByRole("button", { name: "Send claim" }).isDisabled()).toBe(true);
    await pickupForm.getByRole("button", { name: "Cancel" }).click();
    await pickupForm.waitFor({ state: "hidden" });

    await stops.getByRole("button", { name: "Claim waiting time" }).last().click();
    const form = phone.getByRole("dialog", { name: "Claim waiting time at delivery" });
    await settled(form);
    const preview = form.getByTestId("claim-preview");
    await preview.getByText("3 h 15 min").waitFor();
    // the free time and the amount before sending, from the terms on the load
    await preview.getByText("2 h", { exact: true }).waitFor();
    expect(await form.getByTestId("claim-amount").textContent()).toBe("£37.50");
    await viewShot(phone, "waiting-time-claim-form-phone");
    await expectAccessible(phone);
    await phone.setViewportSize(DESKTOP_1280);
    await viewShot(phone, "waiting-time-claim-form-desktop");
    await phone.setViewportSize(PHONE);
    await form.getByLabel("Note for the office (optional)").fill("Waited for the crane at berth 106");
    await form.getByRole("button", { name: "Send claim" }).click();
    await form.waitFor({ state: "hidden" });
    await stops.getByTestId("claim-delivery").getByText("Pending").waitFor();
    const [claim] = await server.app.ctx.db.select().from(waitingClaims).where(eq(waitingClaims.loadId, load.id));
    expect({ minutes: claim.minutes, chargeable: claim.chargeableMinutes, amount: Number(claim.amount), status: claim.status }).toEqual({ minutes: 195, chargeable: 75, amount: 37.5, status: "pending" });
    await phone.keyboard.press("Escape");

    // the company's Claims page
    await phone.goto("/claims");
    const list = phone.getByRole("list", { name: "Waiting-time claims, pending first" });
    await list.getByText(`Load #${load.loadNumber}`).waitFor();
    await list.getByText("£37.50").waitFor();
    await list.getByText("Waiting for the office").waitFor();
    await settled(list);
    await shot(phone, "waiting-time-claims-page-phone");
    await expectAccessible(phone);
    await fitsPhone(phone);
    await phone.setViewportSize(DESKTOP_1280);
    const table = phone.getByRole("table", { name: "Waiting-time claims, pending first" });
    await table.getByRole("row", { name: new RegExp(load.loadNumber) }).waitFor();
    await shot(phone, "waiting-time-claims-page-desktop");
    await expectAccessible(phone);
  });

  it("staff approve it at a 1280 px desk from the Claims tab, with the evidence and the booked time in view", async () => {
    const staff = await journey.signedInPage(manager, DESKTOP_1280);
    await staff.goto("/admin");
    await staff.getByRole("tab", { name: "Claims" }).click();
    const table = staff.getByRole("table", { name: "Waiting-time claims, pending first" });
    const row = table.getByRole("row", { name: new RegExp(load.loadNumber) });
    await row.getByText("Position").waitFor({ timeout: 15_000 });
    // who claims: the carrier company's name on the row, and a search finds it by that name
    await row.getByRole("rowheader").getByText(company.name, { exact: true }).waitFor();
    await settled(table);
    await shot(staff, "waiting-time-staff-claims-tab-desktop");
    await expectAccessible(staff);
    await staff.getByLabel("Load number or company").fill("yardley");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    await staff.setViewportSize(PHONE);
    await staff.getByTestId("claim-card").getByText(company.name, { exact: true }).waitFor();
    await shot(staff, "waiting-time-staff-claims-tab-phone");
    await fitsPhone(staff);
    await staff.setViewportSize(DESKTOP_1280);
    await row.getByRole("button", { name: `Decide the claim by ${company.name} on Load #${load.loadNumber} at delivery` }).click();
    const dialog = staff.getByRole("dialog", { name: `Waiting-time claim: Load #${load.loadNumber}, delivery` });
    const facts = dialog.getByTestId("decide-facts");
    await facts.getByText(company.name).waitFor();
    await facts.getByText("Position").waitFor();
    await facts.getByText("£37.50").waitFor();
    await expect.poll(() => facts.textContent()).not.toContain("Loading...");
    await settled(dialog);
    await viewShot(staff, "waiting-time-staff-decide-desktop");
    await expectAccessible(staff);
    await staff.setViewportSize(PHONE);
    await viewShot(staff, "waiting-time-staff-decide-phone");
    await staff.setViewportSize(DESKTOP_1280);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await dialog.waitFor({ state: "hidden" });
    await row.getByText("£37.50 approved").waitFor();
    const [claim] = await server.app.ctx.db.select().from(waitingClaims).where(eq(waitingClaims.loadId, load.id));
    expect(claim.status).toBe("approved");

    // the carrier's bell says so and opens their Claims page
    await phone.getByTestId("notification-bell").click();
    const notices = phone.getByRole("dialog", { name: "Notifications" });
    await notices.getByRole("button", { name: new RegExp(`Waiting-time claim on load ${load.loadNumber} approved`) }).click();
    await expect.poll(() => new URL(phone.url()).pathname).toBe("/claims");
    await phone.getByRole("table", { name: "Waiting-time claims, pending first" }).getByText("£37.50 approved").waitFor();

    // the Waiting-time settings, where staff settings live
    await staff.getByRole("button", { name: "Waiting-time settings" }).click();
    const settings = staff.getByRole("dialog", { name: "Waiting-time settings" });
    await expect.poll(() => settings.getByLabel("Free minutes").inputValue()).toBe("120");
    await expect.poll(() => settings.getByLabel("Rate per hour (£)").inputValue()).toBe("30.00");
    await settled(settings);
    await viewShot(staff, "waiting-time-settings-desktop");
    await expectAccessible(staff);
    await staff.setViewportSize(PHONE);
    await viewShot(staff, "waiting-time-settings-phone");
    await settings.getByRole("button", { name: "Cancel" }).click();
  });

  it("staff see the positions on the load's details and correct the pickup's arrival, with a reason, into the history", async () => {
    const staff = await journey.signedInPage(manager, DESKTOP_1280);
    await staff.goto(`/?load=${load.id}`);
    const details = staff.getByRole("dialog", { name: new RegExp(load.loadNumber) });
    const stops = details.getByTestId("load-stops");
    const positions = stops.getByTestId("stop-positions");
    // the pickup's two positions at Leeds and the delivery's two at Southampton, each with its distance and a map link
    await expect.poll(() => positions.getByRole("link").count(), { timeout: 15_000 }).toBe(4);
    await positions.getByText(/pickup arrival/i).waitFor();
    expect(await positions.getByRole("link").first().getAttribute("href")).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=53\.79765&mlon=-1\.55129/);
    await settled(stops);
    await stops.scrollIntoViewIfNeeded();
    await viewShot(staff, "waiting-time-staff-stops-desktop");
    await expectAccessible(staff);

    await stops.getByRole("button", { name: "Correct times at pickup" }).click();
    const correct = staff.getByRole("dialog", { name: `Correct times: Load #${load.loadNumber}, pickup` });
    // the stop's times as they stand, on the UK clock; no reason yet
    await expect.poll(() => correct.getByLabel("Arrived at").inputValue()).not.toBe("");
    await correct.getByRole("button", { name: "Save times" }).click();
    await correct.getByText("Please give a reason for the correction").waitFor();
    const arrived = new Date(T.pickupIn.getTime() - 15 * MIN);
    // a datetime-local value on the UK clock
    const uk = (d: Date) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(d).map((x) => [x.type, x.value]),
      );
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
    };
    await correct.getByLabel("Departed at").fill(uk(new Date(arrived.getTime() - MIN)));
    await correct.getByLabel("Arrived at").fill(uk(arrived));
    await correct.getByLabel("Reason").fill("Driver pressed Arrived at the gate, not on arrival");
    await correct.getByRole("button", { name: "Save times" }).click();
    await correct.getByText("Departure cannot be before arrival").waitFor();
    await settled(correct);
    await viewShot(staff, "waiting-time-staff-correct-desktop");
    await expectAccessible(staff);
    await staff.setViewportSize(PHONE);
    await viewShot(staff, "waiting-time-staff-correct-phone");
    await staff.setViewportSize(DESKTOP_1280);
    await correct.getByLabel("Departed at").fill(uk(T.pickupOut));
    await correct.getByRole("button", { name: "Save times" }).click();
    await correct.waitFor({ state: "hidden" });
    await expect.poll(async () => near((await stopsOf()).find((s) => s.stop === "pickup")?.arrivedAt, arrived)).toBe(true);
    await stops.getByText("Staff").first().waitFor();
    await staff.setViewportSize(PHONE);
    await stops.getByRole("button", { name: "Correct times at delivery" }).scrollIntoViewIfNeeded();
    await settled(stops);
    await viewShot(staff, "waiting-time-staff-stops-phone");
    await fitsPhone(staff);

    await details.getByRole("tab", { name: /View History/ }).click();
    await details.getByText(/Reason: Driver pressed Arrived at the gate, not on arrival/).waitFor();
    await viewShot(staff, "waiting-time-staff-history-phone");
  });

  it("once POD is complete, the self-billing invoice carries the claim as its own line, and its PDF shows it", async () => {
    const invoice = await completeByPod(server.app, load.id, driverCookie);
    expect(Number(invoice.net)).toBe(887.5);
    const staffCookie = await login(server.app, manager.email);
    const res = await server.app.inject({ method: "GET", url: `/api/invoices/${invoice.id}/pdf`, headers: { cookie: staffCookie } });
    expect(res.statusCode).toBe(200);
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(`${SHOTS}/waiting-time-invoice.pdf`, res.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", `${SHOTS}/waiting-time-invoice.pdf`, "-"]).toString();
    expect(text).toContain("Waiting time at delivery: 1 h 15 min beyond 2 h free");
    expect(text).toContain("37.50");
    execFileSync("pdftoppm", ["-r", "100", "-png", "-singlefile", `${SHOTS}/waiting-time-invoice.pdf`, `${SHOTS}/waiting-time-invoice-page`]);

    // My Invoices shows what the net is made of, on the phone and at a desk
    const line = "Waiting time at delivery: 1 h 15 min beyond 2 h free";
    await phone.setViewportSize(PHONE);
    await phone.goto("/invoices");
    const cards = phone.getByRole("list", { name: "My invoices, newest first" });
    await cards.getByRole("list", { name: `Lines of invoice ${invoice.number}` }).getByText(line).waitFor();
    await shot(phone, "waiting-time-my-invoices-phone");
    await expectAccessible(phone);
    await fitsPhone(phone);
    await phone.setViewportSize(DESKTOP_1280);
    const table = phone.getByRole("table", { name: "My invoices, newest first" });
    await table.getByText(line).waitFor();
    await table.getByText("£887.50").waitFor();
    await shot(phone, "waiting-time-my-invoices-desktop");
    await expectAccessible(phone);
  });
});
