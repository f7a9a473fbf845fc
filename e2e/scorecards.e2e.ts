// Journey: scorecards both ways, from facts. A carrier company delivers four loads
// through the real stops and POD calls (Leeds pickups, Bristol deliveries; one pickup
// and two deliveries late), staff reset a fifth with "Carrier withdrew" (a hand-back)
// and mark one invoice paid. The carrier's Company page shows the figures worked out by
// hand below, the late loads behind on-time delivery by number; the network scorecard
// shows the waiting at LS pickups and BS deliveries; a load picking up in Leeds says the
// typical wait there; staff's Carriers tab sorts companies by on-time delivery and POD
// hours and opens the company with its scorecard. Phone (390 px) and desk (1280 px).
//
// Every time is set back from now (whole minutes), so the figures are exact:
//   load   pickup (booked exact)        delivery (booked exact)      POD after leaving delivery
//   SC-301 +10 min, waited 60 (on time)  +20 min, waited 40 (on time)  4.0 h
//   SC-302  +5 min, waited 90 (on time)  +45 min, waited 44 (late)     4.6 h
//   SC-303 +40 min, waited 50 (late)       0 min, waited 30 (on time)  5.0 h
//   SC-304   0 min, waited 120 (on time) +31 min, waited 90 (late)     5.4 h
// Collection 3 of 4 on time (75%), delivery 2 of 4 (50%); POD hours median 4.8, p90
// 5.0 + 0.7 × 0.4 = 5.28 → 5.3; LS pickups 50, 60, 90, 120 → median 75 min (1 h 15 min);
// BS deliveries 30, 40, 44, 90 → 42 min. SC-301's invoice paid the day it was issued: 0 days.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, settled, shot, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createLoad, createManager, login } from "../test/factories";
import { approvedLoad, haulier, invoicesOf } from "../test/invoice-fixtures";
import type { CompanyRow, UserRow } from "../src/server/db/schema";
import type { CompanyScorecard, NetworkScorecard } from "../src/contract/schemas/scorecard";
import { ukDayKey } from "../src/contract/wall-clock";

let journey: Journey;
let server: E2EServer;
let company: CompanyRow;
let carrier: UserRow;
let carrierCookie: string;
let manager: UserRow;
let managerCookie: string;
let held: { id: string };
const MIN = 60_000;
const LEEDS = { pickupCity: "Leeds", pickupState: "West Yorkshire", pickupZip: "LS9 0PS" };
const BRISTOL = { deliveryCity: "Bristol", deliveryState: "Bristol", deliveryZip: "BS11 9YA" };
const ukTime = (t: number) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(t);

async function call(method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie: string, payload?: object) {
  const res = await server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** A load booked by the carrier's company, driven through the stops and POD calls with these minutes (see the table above). */
async function delivered(loadNumber: string, s: { pickupLate: number; pickupWait: number; deliveryLate: number; deliveryWait: number; podHours: number }) {
  const now = Math.floor(Date.now() / MIN) * MIN;
  const deliveryOut = now - s.podHours * 60 * MIN;
  const deliveryIn = deliveryOut - s.deliveryWait * MIN;
  const deliveryBooked = deliveryIn - s.deliveryLate * MIN;
  const pickupOut = Math.min(deliveryBooked, deliveryIn) - 3 * 60 * MIN;
  const pickupIn = pickupOut - s.pickupWait * MIN;
  const pickupBooked = pickupIn - s.pickupLate * MIN;
  const load = await approvedLoad(server.app, company, carrier.id, {
    loadNumber,
    ...LEEDS,
    ...BRISTOL,
    pickupTimeType: "exact",
    pickupDate: new Date(pickupBooked),
    pickupStartTime: ukTime(pickupBooked),
    pickupEndTime: null,
    deliveryTimeType: "exact",
    deliveryDate: new Date(deliveryBooked),
    deliveryStartTime: ukTime(deliveryBooked),
    deliveryEndTime: null,
  });
  const at = (t: number) => ({ at: new Date(t).toISOString() });
  await call("POST", `/api/loads/${load.id}/stops/pickup/arrival`, carrierCookie, at(pickupIn));
  await call("POST", `/api/loads/${load.id}/stops/pickup/departure`, carrierCookie, at(pickupOut));
  await call("POST", `/api/loads/${load.id}/stops/delivery/arrival`, carrierCookie, at(deliveryIn));
  await call("POST", `/api/loads/${load.id}/stops/delivery/departure`, carrierCookie, at(deliveryOut));
  await call("PUT", `/api/loads/${load.id}/pod`, carrierCookie, {
    pickupSignedBy: "Sam Loader",
    pickupSignedDate: new Date(pickupIn).toISOString(),
    deliverySignedBy: "Dee Receiver",
    deliverySignedDate: new Date(deliveryIn).toISOString(),
  });
  return load;
}

/** Wait (outside a test: expect.poll cannot) until the facts have reached the figures. */
async function until(ok: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) if (await ok()) return;
  throw new Error(`still waiting for ${what}`);
}

const companyCard = async (cookie: string) => (await call("GET", `/api/companies/${company.id}/scorecard?days=90`, cookie)).json() as CompanyScorecard;
const networkCard = async (cookie: string) => (await call("GET", "/api/scorecard/network?days=90", cookie)).json() as NetworkScorecard;

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const h = await haulier(server.app, { name: "Ridgeway Flatbeds Ltd" });
  company = h.company;
  carrier = h.member.user;
  carrierCookie = h.member.cookie;
  manager = await createManager(server.app, { name: "Morgan Manager", carrierName: "Flatbed Network" });
  managerCookie = await login(server.app, manager.email);

  const first = await delivered("SC-301", { pickupLate: 10, pickupWait: 60, deliveryLate: 20, deliveryWait: 40, podHours: 4 });
  await delivered("SC-302", { pickupLate: 5, pickupWait: 90, deliveryLate: 45, deliveryWait: 44, podHours: 4.6 });
  await delivered("SC-303", { pickupLate: 40, pickupWait: 50, deliveryLate: 0, deliveryWait: 30, podHours: 5 });
  await delivered("SC-304", { pickupLate: 0, pickupWait: 120, deliveryLate: 31, deliveryWait: 90, podHours: 5.4 });
  // the fifth is held by the company until staff hand it back (a step below); the sixth is booked, still to collect
  held = await createLoad(server.app, { loadNumber: "SC-305", status: "accepted", acceptedBy: carrier.id, acceptedByCarrier: company.name, acceptedAt: new Date(), ...LEEDS, ...BRISTOL });
  // booked, not yet collected: its postcodes (and so their areas) are the company's to see
  await approvedLoad(server.app, company, carrier.id, { loadNumber: "SC-306", ...LEEDS, ...BRISTOL, pickupZip: "LS1 4AP", deliveryZip: "BS1 4DJ" });
  const [invoice] = (await invoicesOf(server.app, first.id)).filter((i) => i.status !== "void");
  await call("POST", `/api/invoices/${invoice!.id}/paid`, managerCookie, { paidOn: ukDayKey(Date.now()), paymentReference: "BACS 771204" });
  // the figures are kept from the event log after each change commits: wait for them
  await until(async () => (await companyCard(carrierCookie)).loadsCompleted === 4, "4 loads completed");
  await until(async () => (await networkCard(carrierCookie)).daysToPay.median === 0, "an invoice paid");
}, 180_000);

afterAll(() => journey?.close());

const tile = (page: Page, key: string): Locator => page.getByTestId(`figure-${key}`);

describe("scorecards both ways, from facts", () => {
  it("staff reset a held load with 'Carrier withdrew': a hand-back, with the reason in its history", async () => {
    const staff = await journey.signedInPage(manager, DESKTOP_1280);
    await staff.goto("/admin");
    await staff.getByRole("tab", { name: /^Accepted/ }).click();
    await staff.getByRole("button", { name: "Actions for load #SC-305" }).click();
    await staff.getByRole("menuitem", { name: "Reset to Available" }).click();
    const dialog = staff.getByRole("dialog", { name: "Reset Load #SC-305 to Available" });
    await dialog.getByText(`${company.name} will no longer hold it.`).waitFor();
    await dialog.getByRole("radio", { name: /Carrier withdrew/ }).check();
    await settled(dialog);
    await viewShot(staff, "scorecards-reset-reason-desktop");
    await expectAccessible(staff);
    await dialog.getByRole("button", { name: "Reset to Available" }).click();
    await staff.locator("[data-sonner-toast]", { hasText: "Load reset to available" }).first().waitFor();
    await expect.poll(async () => (await companyCard(managerCookie)).handedBack, { timeout: 30_000 }).toBe(1);
    const events = (await call("GET", `/api/loads/${held.id}/events`, managerCookie)).json() as { list?: { reason: string | null }[] } | { reason: string | null }[];
    const list = Array.isArray(events) ? events : (events.list ?? []);
    expect(list.some((e) => e.reason === "carrier withdrew")).toBe(true);
    await staff.context().close();
  });

  it("the carrier's Company page shows the figures, the late deliveries by number, charts with tables (390 px and 1280 px)", async () => {
    const phone = await journey.signedInPage(carrier, PHONE);
    await phone.goto("/company");
    const card = phone.getByTestId("company-scorecard");
    await tile(phone, "completed").getByText("4", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await tile(phone, "collection").innerText()).toContain("75%");
    expect(await tile(phone, "collection").innerText()).toContain("3 of 4 · 1 late");
    expect(await tile(phone, "delivery").innerText()).toContain("50%");
    expect(await tile(phone, "delivery").innerText()).toContain("2 of 4 · 2 late");
    expect(await tile(phone, "podHours").innerText()).toContain("4.8 h");
    expect(await tile(phone, "podHours").innerText()).toContain("90% within 5.3 h");
    expect(await tile(phone, "handedBack").innerText()).toContain("1");
    // the loads behind on-time delivery: the late ones first, by number
    await tile(phone, "delivery").getByRole("button").click();
    const behind = phone.getByTestId("loads-behind");
    await behind.getByText("late: SC-302, SC-304").waitFor();
    const rows = await behind.getByRole("row").allInnerTexts();
    expect(rows.slice(1, 3).map((r) => r.split(/\s/)[0])).toEqual(["#SC-302", "#SC-304"]);
    expect(await tile(phone, "delivery").getByRole("button").getAttribute("aria-expanded")).toBe("true");
    // by keyboard: Enter on another figure shows its loads instead
    await tile(phone, "collection").getByRole("button").focus();
    await phone.keyboard.press("Enter");
    await behind.getByText("late: SC-303").waitFor();
    expect(await tile(phone, "delivery").getByRole("button").getAttribute("aria-expanded")).toBe("false");
    await tile(phone, "delivery").getByRole("button").click();
    // each chart has its table: the figures a screen reader reads
    const punctuality = card.getByTestId("chart-punctuality");
    await punctuality.getByRole("img", { name: "On time at each stop" }).locator("canvas").waitFor();
    const table = punctuality.getByRole("table", { name: "On time at each stop" });
    expect(await table.getByRole("row", { name: /Delivery/ }).innerText()).toMatch(/2\s+2\s+\d+\s+50% \(2 of 4\)/);
    const pod = card.getByTestId("chart-pod-hours");
    await pod.getByRole("img", { name: "Hours from delivery to POD" }).locator("canvas").waitFor();
    expect(await pod.getByRole("row", { name: /Median/ }).innerText()).toContain("4.8 h");
    await settled(card);
    await shot(phone, "scorecards-company-phone");
    await expectAccessible(phone);
    await fitsPhone(phone);
    await phone.setViewportSize(DESKTOP_1280);
    await settled(card);
    await shot(phone, "scorecards-company-desktop");
    // another period: the same loads over 30 days
    await card.getByText("30 days", { exact: true }).click();
    expect(await card.getByRole("radio", { name: "30 days" }).isChecked()).toBe(true);
    await expect.poll(() => tile(phone, "completed").innerText()).toContain("4");
    await phone.context().close();
  });

  it("the network scorecard, linked from the board's tabs, shows days to pay and the waiting at LS pickups and BS deliveries", async () => {
    const phone = await journey.signedInPage(carrier, PHONE);
    await phone.goto("/");
    const link = phone.getByRole("link", { name: "Network scorecard" });
    await link.waitFor();
    // the link sits on the tabs' line: the first load card stays on the first screen
    const tabs = await phone.getByRole("tab", { name: "Load Board" }).boundingBox();
    const linkBox = await link.boundingBox();
    expect(Math.abs(linkBox!.y + linkBox!.height / 2 - (tabs!.y + tabs!.height / 2))).toBeLessThan(tabs!.height / 2);
    await viewShot(phone, "scorecards-board-link-phone");
    await link.click();
    await phone.getByRole("heading", { name: "Network scorecard", level: 1 }).waitFor();
    const figures = phone.getByTestId("network-figures");
    await figures.getByText("0 days", { exact: true }).waitFor({ timeout: 20_000 });
    const sites = phone.getByTestId("sites-waiting");
    const table = sites.getByRole("table", { name: "Waiting at sites, worst first" });
    const rows = (await table.getByRole("row").allInnerTexts()).slice(1).map((r) => r.split(/\s+/).join(" "));
    expect(rows).toEqual(["LS Pickup 4 1 h 15 min", "BS Delivery 4 42 min"]);
    await sites.getByRole("img", { name: "Waiting at sites" }).locator("canvas").waitFor();
    await settled(sites);
    await shot(phone, "scorecards-network-phone");
    await expectAccessible(phone);
    await fitsPhone(phone);
    await phone.setViewportSize(DESKTOP_1280);
    await settled(sites);
    await shot(phone, "scorecards-network-desktop");
    await expectAccessible(phone);
    await phone.context().close();
  });

  it("a booked load picking up in Leeds says the typical wait at LS pickups and BS deliveries on its details", async () => {
    const phone = await journey.signedInPage(carrier, PHONE);
    await phone.goto("/");
    const card = phone.locator('[data-testid="load-card"]', { hasText: "#SC-306" });
    await card.getByRole("button", { name: "View Details" }).click();
    const details = phone.getByRole("dialog", { name: "Load Details - #SC-306" });
    const note = details.getByTestId("site-waiting");
    await note.getByText("Typical wait at LS pickups: 1 h 15 min (4 visits)").waitFor({ timeout: 15_000 });
    await note.getByText("Typical wait at BS deliveries: 42 min (4 visits)").waitFor();
    await note.scrollIntoViewIfNeeded();
    await viewShot(phone, "scorecards-load-details-phone");
    await expectAccessible(phone);
    await phone.context().close();
  });

  it("a company with nothing completed yet is told so plainly, with what to do", async () => {
    const fresh = await haulier(server.app, { name: "Brand New Hauliers Ltd" });
    const phone = await journey.signedInPage(fresh.member.user, PHONE);
    await phone.goto("/company");
    const card = phone.getByTestId("company-scorecard");
    await card.getByText("No completed loads in this period").waitFor({ timeout: 20_000 });
    await card.getByText(/Choose a longer period to look further back/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await viewShot(phone, "scorecards-company-empty-phone");
    await expectAccessible(phone);
    await phone.context().close();
  });

  it("staff's Carriers tab sorts by on-time delivery and POD hours and opens the company with its scorecard", async () => {
    // a second company with slower PODs and no late delivery, so the two orders differ
    const other = await haulier(server.app, { name: "Aardvark Haulage Ltd" });
    // delivered two days ago (on time by its signed day), POD only now: about 48 hours
    const day = 86_400_000;
    const slow = await approvedLoad(server.app, other.company, other.member.user.id, {
      loadNumber: "SC-401",
      ...LEEDS,
      ...BRISTOL,
      pickupDate: new Date(Date.now() - 3 * day),
      deliveryDate: new Date(Date.now() - 2 * day),
    });
    await call("PUT", `/api/loads/${slow.id}/pod`, other.member.cookie, {
      pickupSignedBy: "Sam Loader",
      pickupSignedDate: slow.pickupDate!.toISOString(),
      deliverySignedBy: "Dee Receiver",
      deliverySignedDate: slow.deliveryDate!.toISOString(),
    });
    await expect.poll(async () => (await companyCardOf(other.company.id)).loadsCompleted, { timeout: 30_000 }).toBe(1);

    const staff = await journey.signedInPage(manager, DESKTOP_1280);
    await staff.goto("/admin");
    await staff.getByRole("tab", { name: "Carriers", exact: true }).click();
    await staff.getByText("On time and POD", { exact: true }).click();
    const scores = staff.getByTestId("carrier-scores");
    const row = scores.getByTestId("carrier-score-row").filter({ hasText: company.name });
    await row.getByText("50%").waitFor({ timeout: 20_000 });
    await row.getByText("4.8 h").waitFor();
    const names = async () => (await scores.getByTestId("carrier-score-row").allInnerTexts()).map((t) => t.split("\t")[0]!.trim());
    // first: the most on time first (Aardvark's one delivery on time by its signed date)
    await expect.poll(async () => (await names()).slice(0, 2)).toEqual(["Aardvark Haulage Ltd", company.name]);
    await scores.getByRole("button", { name: /POD Hours/ }).click();
    await expect.poll(async () => (await names()).slice(0, 1)).toEqual([company.name]);
    await settled(scores);
    await shot(staff, "scorecards-carriers-tab-desktop");
    await expectAccessible(staff);
    await row.getByRole("button", { name: `${company.name}: open company` }).click();
    const dialog = staff.getByRole("dialog", { name: company.name });
    await dialog.getByTestId("figure-delivery").getByText("50%").waitFor({ timeout: 20_000 });
    await dialog.getByTestId("chart-punctuality").locator("canvas").waitFor();
    await settled(dialog.getByTestId("company-scorecard"));
    await expectAccessible(staff);
    await viewShot(staff, "scorecards-company-dialog-desktop");
    await staff.setViewportSize(PHONE);
    await viewShot(staff, "scorecards-company-dialog-phone");
    await staff.context().close();
  });
});

async function companyCardOf(id: string): Promise<CompanyScorecard> {
  return (await call("GET", `/api/companies/${id}/scorecard?days=90`, managerCookie)).json() as CompanyScorecard;
}
