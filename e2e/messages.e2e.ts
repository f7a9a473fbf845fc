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
import type { LoadRow, UserRow } from "../src/server/db/schema";

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
});
