// Lane alerts in the browser: a carrier filters the board to pickups
// near LS1, saves the search with instant alerts, and gets the alert email when
// staff post a matching load; the saved searches page lists it. Screenshots of
// the board with the near filters and of the page at 1280 and 390 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import { DESKTOP_1280, PHONE, shot, startJourney, type E2EServer, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import type { UserRow } from "../src/server/db/schema";

let journey: Journey;
let server: E2EServer;
let carrier: UserRow;
let admin: UserRow;

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  carrier = await createCarrier(server.app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd", email: "alice@lanes-e2e.test" });
  admin = await createAdmin(server.app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  await createLoad(server.app, { loadNumber: "FN-2026-401", pickupCity: "Leeds", pickupZip: "LS1 4AP", deliveryCity: "Bristol" });
  await createLoad(server.app, { loadNumber: "FN-2026-402", pickupCity: "Truro", pickupZip: "TR1 1AA", deliveryCity: "Exeter", deliveryZip: "EX1 1AA" });
});
afterAll(() => journey?.close());

const signedInPage = (user: UserRow, viewport = DESKTOP_1280) => journey.signedInPage(user, viewport);

it("a carrier saves a search near LS1 with instant alerts and gets the alert email when staff post a matching load", async () => {
  const c = await signedInPage(carrier);
  await c.goto("/");
  await c.getByText("FN-2026-402").first().waitFor();
  // the near filters are in the filter sheet the chips open; "Show loads" applies and closes it
  await c.getByRole("button", { name: /^Filters/ }).click();
  await c.getByLabel("Pickup near: postcode").fill("ls1");
  await c.getByLabel("Pickup near: within").selectOption("25");
  await c.getByRole("button", { name: "Show loads" }).click();
  await c.waitForFunction(() => location.search === "?pickupNear=LS1&pickupMiles=25");
  await c.getByText("1 load found").waitFor();
  expect(await c.getByText("FN-2026-402").count()).toBe(0);
  await shot(c, "lane-board-near-1280");

  await c.getByRole("button", { name: /^Filters/ }).click();
  await c.getByRole("button", { name: "Save this search" }).click();
  const dialog = c.getByRole("dialog");
  await dialog.getByText("Pickup within 25 miles of LS1").waitFor();
  await dialog.getByLabel("Name").fill("Leeds out");
  await dialog.getByLabel(/Instant/).check();
  await dialog.getByRole("button", { name: "Save search" }).click();
  await c.getByText("Search saved").waitFor();

  // staff post a matching load in their own browser
  const s = await signedInPage(admin);
  await s.goto("/admin");
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const posted = await s.evaluate(async (date) => {
    const res = await fetch("/api/loads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pickupCity: "Leeds", pickupZip: "LS2 7HY", pickupAddress: "9 Private Row", pickupDate: `${date}T09:00:00.000Z`, deliveryCity: "Hull", deliveryZip: "HU1 1AA", deliveryDate: `${date}T16:00:00.000Z`, price: 900, distance: 60, equipmentType: "Flatbed" }),
    });
    return (await res.json()) as { loadNumber: string };
  }, day);
  expect(posted.loadNumber).toMatch(/^FN-/);
  const deadline = Date.now() + 60_000;
  let mail;
  while (!(mail = server.sink.messages.find((m) => JSON.stringify(m.to).includes("alice@lanes-e2e.test") && m.subject?.includes(posted.loadNumber)))) {
    if (Date.now() > deadline) throw new Error("no lane alert email within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(mail.subject).toContain("Leeds out");
  expect(mail.text).toContain("Leeds → Hull");
  expect(mail.text).not.toContain("LS2 7HY");
  expect(mail.text).not.toContain("9 Private Row");

  // the saved searches page, from the user menu
  await c.goto("/");
  await c.getByRole("button", { name: /Alice Haulier|account|user menu/i }).first().click();
  await c.getByRole("menuitem", { name: "Saved searches" }).click();
  await c.waitForFunction(() => location.pathname === "/saved-searches");
  await c.getByRole("heading", { name: "Leeds out" }).waitFor();
  await c.getByText("Alerts: Instant").waitFor();
  await shot(c, "lane-saved-searches-1280");

  const phone = await signedInPage(carrier, PHONE);
  await phone.goto("/?pickupNear=LS1&pickupMiles=25&deliveryNear=BS1");
  await phone.getByRole("button", { name: "Pickup near LS1 · 25 miles" }).waitFor();
  await shot(phone, "lane-board-near-390");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.goto("/saved-searches");
  await phone.getByRole("heading", { name: "Leeds out" }).waitFor();
  await shot(phone, "lane-saved-searches-390");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}, 120_000);
