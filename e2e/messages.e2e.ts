// Messages and counter-offers on a load: a carrier on a phone asks staff a
// question on an available load; staff at a desk see the unread count in the
// header, open the thread and answer; the answer reaches the carrier live (no
// reload). Then the carrier bids, staff counter, and the carrier accepts the
// counter: the load is theirs at the counter's amount, the other bid rejected.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, shot, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import { createCompany } from "../test/company-fixtures";
import { bids as bidsTable, type LoadRow, type UserRow } from "../src/server/db/schema";
import { eq } from "drizzle-orm";

let journey: Journey;
let server: E2EServer;
let carrier: UserRow;
let rival: UserRow;
let staff: UserRow;
let load: LoadRow;

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const acme = await createCompany(server.app, { name: "Acme Haulage Ltd" });
  const bolt = await createCompany(server.app, { name: "Bolt Transport Ltd" });
  carrier = await createCarrier(server.app, { name: "Cara Driver", carrierName: acme.name, companyId: acme.id });
  rival = await createCarrier(server.app, { name: "Rob Rival", carrierName: bolt.name, companyId: bolt.id });
  staff = await createAdmin(server.app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  load = await createLoad(server.app, { loadNumber: "FN-2026-077", price: 1000, distance: 200, ratePerMile: 5 });
});
afterAll(() => journey?.close());

const card = (page: Page) => page.locator(`article[data-load-id="${load.id}"]`);

let c: Page;
let o: Page;

it("a carrier asks on a phone, staff see the unread count and answer, the answer arrives live", async () => {
  c = await journey.signedInPage(carrier, PHONE);
  await c.goto("/");
  await card(c).getByRole("button", { name: "View Details" }).click();
  const details = c.getByRole("dialog", { name: /Load Details/ });
  await details.getByRole("tab", { name: "Messages" }).click();
  const panel = details.getByRole("tabpanel", { name: "Messages" });
  await expect.poll(() => panel.getByText(/No messages yet/).isVisible()).toBe(true);
  const box = panel.getByRole("textbox", { name: "Message" });
  // an empty message is refused in the contract's words, before any request
  await panel.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => panel.getByText("Write a message").isVisible()).toBe(true);
  await box.fill("Is there a crane on site?");
  expect(await panel.getByText("25 / 2,000 characters").isVisible()).toBe(true);
  await box.press("Enter");
  await expect.poll(() => panel.getByTestId("message-body").first().textContent()).toBe("Is there a crane on site?");
  expect(await box.inputValue()).toBe("");
  // markup is text: shown as typed, never run; Shift+Enter keeps a line break
  await box.fill("<script>window.__owned = 1</script>");
  await box.press("Shift+Enter");
  await box.pressSequentially("<b>not bold</b>");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => panel.getByTestId("message-body").count()).toBe(2);
  expect(await panel.getByTestId("message-body").nth(1).textContent()).toBe("<script>window.__owned = 1</script>\n<b>not bold</b>");
  expect(await panel.locator("b").count()).toBe(0);
  expect(await c.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  await fitsPhone(c);
  await viewShot(c, "messages-carrier-thread-phone");

  // --- staff at a desk: the header says how many are unread
  o = await journey.signedInPage(staff, DESKTOP_1280);
  await o.goto("/admin");
  const entry = o.getByRole("button", { name: "Messages, 2 unread messages" });
  await expect.poll(() => entry.isVisible(), { timeout: 15_000 }).toBe(true);
  await entry.click();
  const list = o.getByRole("dialog", { name: "Unread messages" });
  const thread = list.getByTestId("unread-thread");
  await expect.poll(() => thread.count()).toBe(1);
  expect(await thread.textContent()).toMatch(/Load #FN-2026-077 · Acme Haulage Ltd.*2 unread messages/);
  await shot(o, "messages-header-list-desktop");
  // the same list on a phone fits the screen
  const op = await journey.signedInPage(staff, PHONE);
  await op.goto("/");
  await op.getByRole("button", { name: "Messages, 2 unread messages" }).click();
  await expect.poll(() => op.getByRole("dialog", { name: "Unread messages" }).getByTestId("unread-thread").count()).toBe(1);
  await fitsPhone(op);
  await viewShot(op, "messages-header-list-phone");
  await op.close();
  await thread.click();
  const od = o.getByRole("dialog", { name: /Load Details - #FN-2026-077/ });
  const opanel = od.getByRole("tabpanel", { name: "Messages" });
  await expect.poll(() => opanel.getByRole("heading", { name: "Acme Haulage Ltd" }).isVisible()).toBe(true);
  await expect.poll(() => opanel.getByTestId("message").count()).toBe(2);
  // shown means read: the header's count goes (the header is outside the open dialog, so read by its test id)
  await expect.poll(() => o.getByTestId("messages-button").textContent()).toBe("Messages, none unread");
  await opanel.getByRole("textbox", { name: "Message" }).fill("Yes, a 10 t crane.\nAsk for Dave at the gate.");
  await shot(o, "messages-staff-thread-desktop");
  await expectAccessible(o);
  await opanel.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => opanel.getByTestId("message").count()).toBe(3);

  // --- the carrier sees it without a reload, and it is read as it is shown
  await expect.poll(() => panel.getByTestId("message-body").count(), { timeout: 5_000 }).toBe(3);
  expect(await panel.getByTestId("message-body").nth(2).textContent()).toBe("Yes, a 10 t crane.\nAsk for Dave at the gate.");
  await expect.poll(() => c.getByTestId("messages-button").textContent()).toBe("Messages, none unread");
  await viewShot(c, "messages-carrier-answer-phone");
  await expectAccessible(c);

  // staff's list of companies for the load: one thread, nothing unread
  await opanel.getByRole("button", { name: "All companies" }).click();
  await expect.poll(() => opanel.getByTestId("message-thread").count()).toBe(1);
  expect(await opanel.getByTestId("message-thread").textContent()).toContain("no unread messages");
  await expect.poll(() => o.evaluate(() => document.activeElement?.getAttribute("data-company-id"))).not.toBeNull();
  await shot(o, "messages-staff-companies-desktop");
  await od.getByRole("button", { name: "Cancel" }).click();
  await c.getByRole("dialog", { name: /Load Details/ }).getByRole("button", { name: "Cancel" }).click();

  // the bell's notice of the answer opens the load on its Messages tab
  await c.getByTestId("notification-bell").click();
  await c.getByRole("list", { name: "Latest notifications" }).getByRole("button").first().click();
  const again = c.getByRole("dialog", { name: /Load Details/ });
  await expect.poll(() => again.getByRole("tabpanel", { name: "Messages" }).getByTestId("message-body").count()).toBe(3);
  await again.getByRole("button", { name: "Cancel" }).click();
});

it("the carrier bids, staff counter, the carrier accepts the counter: the load is theirs at the counter, the other bid rejected", async () => {
  // --- Cara bids £950 on her phone; Rob bids £980 at his desk
  await card(c).getByRole("button", { name: "Place Bid" }).click();
  const bidDialog = c.getByRole("dialog", { name: "Place Bid" });
  await bidDialog.getByLabel("Bid Amount (£)").fill("950");
  await bidDialog.getByRole("button", { name: "Submit Bid" }).click();
  await expect.poll(() => card(c).getByText("Bid Pending £950.00").isVisible()).toBe(true);
  const r = await journey.signedInPage(rival, DESKTOP_1280);
  const rivalBid = await r.request.post("/api/bids", { data: { loadId: load.id, bidAmount: 980 }, headers: { Origin: server.url } });
  expect(rivalBid.status()).toBe(201);

  // --- staff counter Cara's bid in Manage Bids: £900 for 60 minutes
  await o.getByRole("tab", { name: /Loads with Bids/ }).click();
  await o.getByRole("button", { name: /View bids on load FN-2026-077/i }).click();
  const manage = o.getByRole("dialog", { name: /Manage Bids/ });
  await expect.poll(() => manage.getByTestId("manage-bid-row").count()).toBe(2);
  const caraRow = manage.getByTestId("manage-bid-row").filter({ hasText: "Cara Driver" });
  await caraRow.getByRole("button", { name: "Counter Cara Driver's bid of £950.00" }).click();
  const counter = o.getByRole("dialog", { name: "Counter-offer" });
  expect(await counter.getByLabel("Expires in (minutes)").inputValue()).toBe("60");
  await counter.getByLabel("Expires in (minutes)").fill("2000");
  await counter.getByLabel("Counter amount (£)").fill("900");
  await counter.getByRole("button", { name: "Send counter-offer" }).click();
  await expect.poll(() => counter.getByText("The offer must last between 5 and 1440 minutes").isVisible()).toBe(true);
  await counter.getByLabel("Expires in (minutes)").fill("60");
  await counter.getByLabel("Note (optional)").fill("Our best for Friday");
  await shot(o, "counter-dialog-desktop");
  await expectAccessible(o);
  await counter.getByRole("button", { name: "Send counter-offer" }).click();
  await expect.poll(() => counter.isVisible()).toBe(false);
  await expect.poll(() => caraRow.getByText("Countered", { exact: true }).isVisible()).toBe(true);
  expect(await caraRow.getByTestId("staff-counter-line").textContent()).toMatch(/^Countered at £900\.00 — expires \d\d:\d\d$/);
  // the bid's history: placed, then countered with the note
  await caraRow.getByRole("button", { name: "History of Cara Driver's bid of £950.00" }).click();
  const history = o.getByRole("dialog", { name: "Bid history - Cara Driver" });
  await expect.poll(() => history.getByTestId("bid-history").locator("li").count()).toBe(2);
  const lines = (await history.getByTestId("bid-history").textContent()) ?? "";
  expect(lines).toMatch(/Bid placed £950\.00Cara Driver.*Counter-offer £900\.00Olivia Office \(staff\).*expires.*Our best for Friday/);
  await shot(o, "counter-history-desktop");
  await history.getByRole("button", { name: "Close", exact: true }).click();
  await shot(o, "counter-manage-bids-desktop");
  // the same on a phone: one card a bid, Counter and History under Accept and Reject
  const op = await journey.signedInPage(staff, PHONE);
  await op.goto("/admin");
  await op.getByRole("tab", { name: /Loads with Bids/ }).click();
  await op.getByRole("button", { name: /View bids on load FN-2026-077/i }).click();
  const phoneManage = op.getByRole("dialog", { name: /Manage Bids/ });
  await expect.poll(() => phoneManage.getByTestId("manage-bid-card").count()).toBe(2);
  await expect.poll(() => phoneManage.getByRole("button", { name: /^History of/ }).count()).toBe(2);
  await phoneManage.getByTestId("manage-bid-card").first().scrollIntoViewIfNeeded();
  await viewShot(op, "counter-manage-bids-phone");
  await op.close();

  // --- Cara sees the offer on her card (the bids notice, no reload) and accepts it
  const offer = card(c).getByTestId("counter-offer");
  await expect.poll(() => offer.isVisible(), { timeout: 20_000 }).toBe(true);
  expect(await offer.textContent()).toMatch(/Countered at £900\.00 — expires \d\d:\d\d.*Your bid: £950\.00.*Our best for Friday/);
  await fitsPhone(c);
  await offer.scrollIntoViewIfNeeded();
  await viewShot(c, "counter-offer-card-phone");
  await expectAccessible(c);
  await offer.getByRole("button", { name: "Accept" }).click();
  // a costly click: asked first, naming the amount
  const ask = c.getByRole("dialog", { name: "Accept £900.00?" });
  await expect.poll(() => ask.isVisible()).toBe(true);
  await viewShot(c, "counter-accept-confirm-phone");
  await ask.getByRole("button", { name: "Accept £900.00" }).click();
  await expect.poll(() => c.getByText("Load #FN-2026-077 is yours at £900.00.").isVisible()).toBe(true);
  await expect.poll(() => card(c).getByText("Waiting for Approval").isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await card(c).textContent()).toContain("£900.00");
  await expect.poll(() => card(c).getByTestId("counter-offer").count()).toBe(0);

  // --- the server agrees: the load is Cara's at £900, Rob's bid rejected
  const bids = (await (await o.request.get(`/api/loads/${load.id}/bids`)).json()) as { carrierId: string; status: string; bidAmount: number }[];
  expect(bids.find((b) => b.carrierId === carrier.id)).toMatchObject({ status: "accepted", bidAmount: 900 });
  expect(bids.find((b) => b.carrierId === rival.id)).toMatchObject({ status: "rejected" });
  const after = (await (await o.request.get(`/api/loads/${load.id}`)).json()) as { status: string; price: number };
  expect(after).toMatchObject({ status: "accepted", price: 900 });
  await expect.poll(() => manage.getByTestId("manage-bid-row").filter({ hasText: "Rob Rival" }).getByText("Rejected").isVisible()).toBe(true);
  await c.getByRole("tab", { name: "My Bids" }).click();
  await expect.poll(() => c.getByTestId("my-bid").first().getByText("Won").isVisible()).toBe(true);
  await shot(c, "counter-my-bids-won-phone");
});

it("a counter-offer that lapsed while on screen is refused in the server's words, and the bid stands again", async () => {
  const other = await createLoad(server.app, { loadNumber: "FN-2026-078", price: 800, distance: 100, ratePerMile: 8 });
  const placed = await c.request.post("/api/bids", { data: { loadId: other.id, bidAmount: 780 }, headers: { Origin: server.url } });
  expect(placed.status()).toBe(201);
  const bidId = ((await placed.json()) as { id: string }).id;
  const countered = await o.request.post(`/api/bids/${bidId}/counter`, { data: { amount: 750, expiresInMinutes: 5 }, headers: { Origin: server.url } });
  expect(countered.status()).toBe(200);
  // a phone whose live stream is down: the offer stays on screen until the next poll of its bids
  const p = await journey.signedInPage(carrier, PHONE);
  await p.route("**/api/live**", (route) => route.abort());
  await p.goto("/");
  const otherCard = p.locator(`article[data-load-id="${other.id}"]`);
  const offer = otherCard.getByTestId("counter-offer");
  await expect.poll(() => offer.isVisible(), { timeout: 20_000 }).toBe(true);
  // just after a poll, the offer lapses (the runner puts the bid back to pending at once)
  await p.waitForResponse((r) => r.url().includes("/api/user/bids"), { timeout: 20_000 });
  await server.app.ctx.db.update(bidsTable).set({ counterExpiresAt: new Date(Date.now() - 1000) }).where(eq(bidsTable.id, bidId));
  await offer.getByRole("button", { name: "Accept" }).click();
  await p.getByRole("dialog", { name: "Accept £750.00?" }).getByRole("button", { name: "Accept £750.00" }).click();
  await expect.poll(() => p.getByText("This offer has expired").first().isVisible()).toBe(true);
  await viewShot(p, "counter-expired-phone");
  // the bid stands again at the carrier's own amount; the load is still available
  await expect.poll(() => otherCard.getByText("Bid Pending £780.00").isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await otherCard.getByTestId("counter-offer").count()).toBe(0);
  expect(await otherCard.getByText("Available").first().isVisible()).toBe(true);
});
