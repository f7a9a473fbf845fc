// The admin dashboard journey's world, shared by its two files (admin.e2e.ts: loads;
// admin-people.e2e.ts: completed loads, dialogs, users, carriers, phone): a real server
// with an admin, carriers, two applicants and a load in every state, a real Chromium
// signed in as the admin on the dashboard, and the ways a step finds a tab, a row or a
// toast. Not a journey itself (no .e2e.ts).
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { DESKTOP, launchBrowser, newPage, shot, startServer, type E2EServer } from "./helpers";
import { createAdmin, createCarrier, createLoad, createUser, PASSWORD } from "../test/factories";
import { loads, type UserRow } from "../src/server/db/schema";

export const N = {
  available: "FN-2026-801",
  acceptedCarla: "FN-2026-802",
  acceptedDave: "FN-2026-803",
  approved: "FN-2026-804",
  completedCarla: "FN-2026-805",
  completedDave: "FN-2026-806",
  cancelled: "FN-2026-807",
};

export const day = (m: number, d: number, h: number) => new Date(Date.UTC(2026, m - 1, d, h, 0, 0));

export interface AdminJourney {
  server: E2EServer;
  browser: Browser;
  /** the admin's desk page, on the dashboard */
  page: Page;
  /** every browser context opened, closed at the end */
  contexts: BrowserContext[];
  admin: UserRow;
  /** Carla Haulage Ltd */
  carla: UserRow;
  /** Dave Freight Ltd */
  dave: UserRow;
  /** a carrier the admin deletes */
  zed: UserRow;
  /** the seeded loads' ids by the names in N */
  ids: Record<string, string>;
}

export async function startAdminJourney(): Promise<AdminJourney> {
  const server = await startServer();
  const browser = await launchBrowser();
  const app = server.app;
  const admin = await createAdmin(app, { name: "Ada Admin", carrierName: "Flatbed Network" });
  const carla = await createCarrier(app, { name: "Carla Driver", carrierName: "Carla Haulage Ltd", lastLoginAt: day(11, 2, 8) });
  const dave = await createCarrier(app, { name: "Dave Wheeler", carrierName: "Dave Freight Ltd" });
  const zed = await createCarrier(app, { name: "Zed Former", carrierName: "Zed Logistics" });
  await createUser(app, { name: "Penny Pending", carrierName: "Penny Transport", isApproved: false });
  await createUser(app, { name: "Rex Rejected", carrierName: "Rex Haulage", isApproved: false });

  const by = (u: UserRow) => ({ acceptedBy: u.id, acceptedByCarrier: u.carrierName, acceptedAt: day(11, 1, 10) });
  const ids: Record<string, string> = {};
  ids.available = (await createLoad(app, { loadNumber: N.available, pickupDate: day(11, 20, 9), forsRequirement: "Silver" })).id;
  ids.acceptedCarla = (
    await createLoad(app, { loadNumber: N.acceptedCarla, status: "accepted", pickupCity: "York", pickupDate: day(11, 21, 9), ...by(carla) })
  ).id;
  ids.acceptedDave = (
    await createLoad(app, { loadNumber: N.acceptedDave, status: "accepted", pickupCity: "Hull", pickupDate: day(11, 22, 9), ...by(dave) })
  ).id;
  ids.approved = (
    await createLoad(app, {
      loadNumber: N.approved,
      status: "approved",
      pickupCity: "Derby",
      pickupDate: day(11, 23, 9),
      mandataNumber: "PO-2026-00077",
      ...by(carla),
    })
  ).id;
  const pod = {
    pickupSignedBy: "Sam Pickup",
    pickupSignedDate: day(11, 24, 9),
    deliverySignedBy: "Dee Delivery",
    deliverySignedDate: day(11, 24, 15),
    signedPaperworkUrl: "/objects/paperwork-805.pdf",
    completedAt: day(11, 24, 16),
    mandataNumber: "PO-2026-00078",
  };
  ids.completedCarla = (
    await createLoad(app, { loadNumber: N.completedCarla, status: "completed", pickupCity: "Exeter", pickupDate: day(11, 24, 9), ...by(carla), ...pod, price: 1500 })
  ).id;
  ids.completedDave = (
    await createLoad(app, { loadNumber: N.completedDave, status: "completed", pickupCity: "Hull", pickupDate: day(12, 5, 9), ...by(dave), ...pod, mandataNumber: "PO-2026-00079" })
  ).id;
  ids.cancelled = (await createLoad(app, { loadNumber: N.cancelled, status: "cancelled", pickupCity: "Truro", pickupDate: day(11, 25, 9) })).id;

  const { context, page } = await newPage(browser, server.url, DESKTOP);
  const contexts: BrowserContext[] = [context];
  const res = await page.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  return { server, browser, page, contexts, admin, carla, dave, zed, ids };
}

/** A picture of what the admin saw when a step failed. */
export async function shotOnFailure(page: Page | undefined, state: string | undefined, name: string): Promise<void> {
  if (state === "fail" && page) await shot(page, `admin-FAILED-${name.slice(0, 40).replace(/\W+/g, "-")}`).catch(() => {});
}

export async function closeAdminJourney(j: Partial<AdminJourney>): Promise<void> {
  for (const c of j.contexts ?? []) await c.close().catch(() => {});
  await j.browser?.close();
  await j.server?.close();
}

/** How steps find things on the page and in the database of the journey `j()` returns. */
export function adminHelpers(j: () => { page: Page; server: E2EServer }) {
  const tab = (name: string | RegExp) => j().page.getByRole("tab", typeof name === "string" ? { name, exact: true } : { name });
  const panel = () => j().page.getByRole("tabpanel");
  const row = (loadNumber: string): Locator => panel().locator("tbody tr", { hasText: loadNumber });
  const rowCount = () => panel().locator("tbody tr").count();
  const toast = (text: string | RegExp) => j().page.locator("[data-sonner-toast]", { hasText: text }).first();
  async function action(loadNumber: string, item: string) {
    await j().page.getByRole("button", { name: `Actions for load #${loadNumber}` }).click();
    await j().page.getByRole("menuitem", { name: item }).click();
  }
  async function userAction(name: string, item: string) {
    await j().page.getByRole("button", { name: `Actions for ${name}` }).click();
    await j().page.getByRole("menuitem", { name: item, exact: true }).click();
  }
  async function rowNumbers(): Promise<string[]> {
    return (await panel().locator("tbody tr td:first-child").allInnerTexts()).map((t) => t.split(/\s/)[0]);
  }
  async function loadRow(id: string) {
    const [l] = await j().server.app.ctx.db.select().from(loads).where(eq(loads.id, id));
    return l;
  }
  async function byNumber(loadNumber: string) {
    const [l] = await j().server.app.ctx.db.select().from(loads).where(eq(loads.loadNumber, loadNumber));
    return l;
  }
  return { tab, panel, row, rowCount, toast, action, userAction, rowNumbers, loadRow, byNumber };
}
