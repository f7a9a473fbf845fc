// Journey: a driver on a 390 px phone completes POD with
// no signal. Open an approved load, go offline, fill POD with two photos,
// submit: "Saved on this phone — will send when you have signal". Reload while
// still offline (the service worker serves the app; the POD is still there, the
// board says "POD waiting to send"), go online: the POD reaches the server once
// and the load is completed. Also: a POD the server refuses (the load was reset
// meanwhile) stays on the phone with the reason; and a 4000×3000 photo of a
// printed page is stored as a PDF of ≤ 1 MB (rendered to a PNG to look at).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createCarrier, createLoad, createManager } from "../test/factories";
import { loadEvents, loads, objects, uploadChunks, type UserRow } from "../src/server/db/schema";
import { TMP_ROOT } from "../test/paths";

let journey: Journey;
let server: E2EServer;
let alice: UserRow;
let manager: UserRow;
const ids: Record<string, string> = {};
const N = { offline: "FN-2026-701", refused: "FN-2026-702", photo: "FN-2026-703" };
const SAVED = "Saved on this phone — will send when you have signal";
const SHOTS = `${TMP_ROOT}/screenshots`;

/**
 * A 12-megapixel camera photo (4000×3000 JPEG, several MB) of a printed
 * delivery note lying on a desk, a little turned, with sensor noise: drawn on a
 * canvas in Chromium, so the test needs no fixture file.
 */
async function pagePhoto(page: Page, title: string): Promise<Buffer> {
  const b64 = await page.evaluate((title) => {
    const c = document.createElement("canvas");
    c.width = 4000;
    c.height = 3000;
    const g = c.getContext("2d")!;
    g.fillStyle = "#6b5b4b";
    g.fillRect(0, 0, 4000, 3000);
    g.save();
    g.translate(2000, 1500);
    g.rotate(-0.03);
    // an A4 page, 2036×2880 px: about 9.7 px a millimetre
    g.fillStyle = "#f4f2ec";
    g.fillRect(-1018, -1440, 2036, 2880);
    g.fillStyle = "#151515";
    g.font = "bold 96px sans-serif";
    g.fillText(title, -900, -1230);
    g.font = "48px sans-serif";
    g.fillText("Note no. DN-448213   Date 20/11/2026", -900, -1110);
    // 10-point print: 34 px here
    g.font = "34px serif";
    const lines = [
      "Consignee: Berth 106, Western Docks, Southampton SO14 3JA",
      "Carrier: Alice Haulage Ltd    Vehicle: FL23 XKB (flatbed, 13.6 m)",
      "Goods: 12 structural steel beams, 18,500 kg, edge protectors fitted",
      "Received in good order and condition, save as noted below:",
      "1 beam: paint scuffed at one end (no structural damage).",
      "Straps and edge protectors returned to driver: 14 / 14.",
    ];
    lines.forEach((l, i) => g.fillText(l, -900, -950 + i * 62));
    // a table of items
    g.strokeStyle = "#151515";
    g.lineWidth = 3;
    for (let r = 0; r <= 6; r++) {
      g.beginPath();
      g.moveTo(-900, -450 + r * 70);
      g.lineTo(900, -450 + r * 70);
      g.stroke();
    }
    ["Item", "Qty", "Weight"].forEach((h, i) => g.fillText(h, -880 + i * 600, -400));
    for (let r = 1; r < 6; r++) ["UB 305x165x40", String(r + 1), `${(r + 1) * 1540} kg`].forEach((t, i) => g.fillText(t, -880 + i * 600, -400 + r * 70));
    g.fillText("Received by (print): DEE RECEIVER", -900, 250);
    g.fillText("Signature:", -900, 400);
    // a blue biro signature
    g.strokeStyle = "#1d3fa8";
    g.lineWidth = 6;
    g.beginPath();
    g.moveTo(-700, 420);
    g.bezierCurveTo(-600, 300, -520, 520, -420, 380);
    g.bezierCurveTo(-350, 300, -300, 480, -150, 390);
    g.stroke();
    g.restore();
    const img = g.getImageData(0, 0, 4000, 3000);
    const d = img.data;
    let seed = 7;
    for (let i = 0; i < d.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 25) - 12;
      d[i] += n;
      d[i + 1] += n;
      d[i + 2] += n;
    }
    g.putImageData(img, 0, 0);
    return c.toDataURL("image/jpeg", 0.92).split(",")[1];
  }, title);
  return Buffer.from(b64, "base64");
}

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const app = server.app;
  alice = await createCarrier(app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
  manager = await createManager(app, { name: "Morgan Manager", carrierName: "Flatbed Network" });
  const own = { status: "approved", acceptedBy: alice.id, acceptedByCarrier: alice.carrierName, acceptedAt: new Date("2026-11-20T10:00:00Z") };
  ids.offline = (await createLoad(app, { ...own, loadNumber: N.offline, mandataNumber: "PO-2026-00071", pickupCity: "Sheffield", deliveryCity: "Southampton" })).id;
  ids.refused = (await createLoad(app, { ...own, loadNumber: N.refused, mandataNumber: "PO-2026-00072", pickupCity: "Leeds", deliveryCity: "Bristol" })).id;
  ids.photo = (await createLoad(app, { ...own, loadNumber: N.photo, mandataNumber: "PO-2026-00073", pickupCity: "Derby", deliveryCity: "Norwich" })).id;
});

afterAll(() => journey?.close());

const card = (page: Page, loadNumber: string): Locator => page.locator('[data-testid="load-card"]', { hasText: `#${loadNumber}` });

/** Signed in on the board, with the service worker in control and the board's answers kept for an offline start. */
async function boardWithServiceWorker(viewport = PHONE): Promise<Page> {
  const page = await journey.logIn(alice, viewport);
  await page.goto("/");
  await page.getByText("Loading available loads...").waitFor({ state: "hidden" });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const keys = (await (await caches.open("data")).keys()).map((r) => new URL(r.url).pathname);
          return keys.includes("/api/auth/user") && keys.includes("/api/loads");
        }),
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return page;
}

async function fillSignatures(dialog: Locator) {
  const pickup = dialog.getByRole("group", { name: "Pickup" });
  const delivery = dialog.getByRole("group", { name: "Delivery" });
  await pickup.getByLabel("Signed by").fill("Sam Loader");
  await pickup.getByLabel("Date and time signed").fill("2026-11-20T09:05");
  await delivery.getByLabel("Signed by").fill("Dee Receiver");
  await delivery.getByLabel("Date and time signed").fill("2026-11-20T15:40");
}

async function podEvents(loadId: string) {
  return server.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, loadId));
}

describe("POD with no signal", () => {
  it("is saved on the phone, survives a reload offline, and reaches the server once when the signal returns", async () => {
    const photos = await journey.newPage();
    const [p1, p2] = [await pagePhoto(photos, "DELIVERY NOTE 1/2"), await pagePhoto(photos, "DELIVERY NOTE 2/2")];
    expect(p1.length).toBeGreaterThan(1_500_000); // a camera-sized photo, not a thumbnail

    const page = await boardWithServiceWorker();
    const c = card(page, N.offline);
    await c.getByRole("button", { name: "Complete POD" }).click();
    const dialog = page.getByRole("dialog", { name: `Complete POD - Load #${N.offline}` });
    await dialog.waitFor();

    await page.context().setOffline(true);
    await fillSignatures(dialog);
    const camera = dialog.getByLabel("Take a photo of the signed paperwork");
    expect(await camera.getAttribute("capture")).toBe("environment");
    await camera.setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: p1 });
    await dialog.getByText("Page 1", { exact: true }).waitFor({ timeout: 30_000 });
    await camera.setInputFiles({ name: "IMG_2042.jpg", mimeType: "image/jpeg", buffer: p2 });
    await dialog.getByText("Page 2", { exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByText("2 pages,", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Retake page 2" }).waitFor();
    await viewShot(page, "offline-pod-dialog-pages-phone");
    await expectAccessible(page);
    await fitsPhone(page);

    await dialog.getByRole("button", { name: "Submit POD" }).click();
    await dialog.getByText(SAVED).waitFor({ timeout: 30_000 });
    await viewShot(page, "offline-pod-dialog-queued-phone");
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP_1280);
    await viewShot(page, "offline-pod-dialog-queued-desktop");
    await page.setViewportSize(PHONE);
    // nothing reached the server
    expect((await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.offline)))[0].status).toBe("approved");
    expect(await server.app.ctx.db.select().from(objects).where(and(eq(objects.ownerId, alice.id), isNotNull(objects.uploadedAt)))).toHaveLength(0);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();

    // still offline: the page comes back from the service worker, and so does the queued POD
    await page.reload();
    await page.getByRole("heading", { name: "Proof of delivery on this phone" }).waitFor({ timeout: 30_000 });
    await page.getByText(`Load #${N.offline}:`).waitFor();
    await card(page, N.offline).getByText("POD waiting to send").waitFor();
    await viewShot(page, "offline-pod-board-waiting-phone");
    await expectAccessible(page);
    await card(page, N.offline).getByRole("button", { name: "Complete POD" }).click();
    await dialog.getByText(SAVED).waitFor();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.context().setOffline(false);
    await expect
      .poll(async () => (await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.offline)))[0].status, { timeout: 60_000, interval: 500 })
      .toBe("completed");
    await card(page, N.offline).getByText("Completed").first().waitFor({ timeout: 30_000 });
    await page.getByRole("heading", { name: "Proof of delivery on this phone" }).waitFor({ state: "hidden", timeout: 15_000 });
    expect(await card(page, N.offline).getByText("POD waiting to send").count()).toBe(0);
    // give any second sender (Background Sync, another online event) its chance to do it twice
    await page.waitForTimeout(2000);

    // once: one completion, no second POD update, one file uploaded
    const events = await podEvents(ids.offline);
    expect(events.filter((e) => e.action === "complete")).toHaveLength(1);
    expect(events.filter((e) => e.action === "pod-updated")).toHaveLength(0);
    const uploaded = await server.app.ctx.db.select().from(objects).where(and(eq(objects.ownerId, alice.id), isNotNull(objects.uploadedAt)));
    expect(uploaded).toHaveLength(1);
    const [row] = await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.offline));
    expect(row.pickupSignedBy).toBe("Sam Loader");
    expect(row.deliverySignedBy).toBe("Dee Receiver");
    expect(row.signedPaperworkUrl).toBe(uploaded[0].key.startsWith("/") ? uploaded[0].key : `/objects/${uploaded[0].key}`);
    // the two photos arrived as one two-page PDF
    const res = await page.request.get(row.signedPaperworkUrl!);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const pdf = Buffer.from(await res.body());
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(`${SHOTS}/offline-pod-two-pages.pdf`, pdf);
    expect(execFileSync("pdfinfo", [`${SHOTS}/offline-pod-two-pages.pdf`]).toString()).toMatch(/^Pages:\s+2$/m);
    expect(pdf.length).toBeLessThanOrEqual(2 * 1_000_000);
  });

  it("a POD the server refuses (the load was reset meanwhile) stays on the phone with the reason", async () => {
    const page = await boardWithServiceWorker();
    await card(page, N.refused).getByRole("button", { name: "Complete POD" }).click();
    const dialog = page.getByRole("dialog", { name: `Complete POD - Load #${N.refused}` });
    await dialog.waitFor();
    await page.context().setOffline(true);
    await fillSignatures(dialog);
    await dialog.getByRole("button", { name: "Submit POD" }).click();
    await dialog.getByText(SAVED).waitFor();
    await viewShot(page, "offline-pod-dialog-queued-phone-no-paperwork");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();

    // meanwhile the office resets the load
    const office = await journey.logIn(manager);
    expect((await office.request.patch(`/api/loads/${ids.refused}/reset-to-available`)).status()).toBe(200);

    await page.context().setOffline(false);
    const panel = page.getByRole("region", { name: "Proof of delivery on this phone" });
    await panel.getByText(`Load #${N.refused}: not sent.`, { exact: false }).waitFor({ timeout: 60_000 });
    const text = await panel.innerText();
    expect(text).toMatch(/not sent\. \S/); // with the server's reason
    await viewShot(page, "offline-pod-board-refused-phone");
    await expectAccessible(page);
    // the POD form opens filled from it, saying why
    await page.setViewportSize(DESKTOP_1280);
    await viewShot(page, "offline-pod-board-refused-desktop");
    await panel.getByRole("button", { name: `Discard the POD for Load #${N.refused}` }).click();
    await panel.waitFor({ state: "hidden" });
    expect((await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.refused)))[0].pickupSignedBy).toBeNull();
  });

  it("a 4000×3000 photo of a printed page is stored as a PDF of at most 1 MB that still reads", async () => {
    const photos = await journey.newPage();
    const photo = await pagePhoto(photos, "DELIVERY NOTE");
    const page = await boardWithServiceWorker(DESKTOP_1280);
    await card(page, N.photo).getByRole("button", { name: "Complete POD" }).click();
    const dialog = page.getByRole("dialog", { name: `Complete POD - Load #${N.photo}` });
    await dialog.waitFor();
    await fillSignatures(dialog);
    await dialog.getByLabel("Choose signed paperwork file").setInputFiles({ name: "IMG_3001.jpg", mimeType: "image/jpeg", buffer: photo });
    await dialog.getByText("Page 1", { exact: true }).waitFor({ timeout: 30_000 });
    await viewShot(page, "offline-pod-dialog-page-desktop");
    // a second page, so the PDF is more than one 256 KB chunk with a chunk still to go after the first
    await dialog.getByLabel("Choose signed paperwork file").setInputFiles({ name: "IMG_3002.jpg", mimeType: "image/jpeg", buffer: await pagePhoto(photos, "DELIVERY NOTE p2") });
    await dialog.getByText("Page 2", { exact: true }).waitFor({ timeout: 30_000 });
    // every chunk the page sends: its Content-Range and body size
    const puts: { start: number; end: number; total: number; body: number | null }[] = [];
    page.on("request", (r) => {
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.headers()["content-range"] ?? "");
      if (r.method() !== "PUT" || !r.url().includes("/api/objects/upload/") || !range) return;
      puts.push({ start: Number(range[1]), end: Number(range[2]), total: Number(range[3]), body: r.postDataBuffer()?.length ?? null });
    });
    const held = async () => Number((await server.app.ctx.db.select({ n: sql<string>`coalesce(sum(length(${uploadChunks.data})), 0)` }).from(uploadChunks))[0].n);
    // a slow uplink (40 KB/s): the upload shows its progress and can be paused once the
    // server holds its first chunk, the POD staying on the phone; Send now resumes it
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 40 * 1024 });
    await dialog.getByRole("button", { name: "Submit POD" }).click();
    await dialog.getByRole("progressbar", { name: "Upload progress" }).waitFor({ timeout: 30_000 });
    await dialog.getByText(/Uploading… \d+%/).waitFor();
    await viewShot(page, "offline-pod-dialog-uploading-desktop");
    await expect.poll(held, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    await dialog.getByRole("button", { name: "Pause" }).click();
    await dialog.getByText("Paused — saved on this phone").waitFor();
    expect((await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.photo)))[0].status).toBe("approved");
    const heldAtPause = await held();
    const sentBeforePause = puts.length;
    expect(heldAtPause).toBe(256 * 1024);
    // the paused POD says how much the server already holds
    await dialog.getByText(/\(\d+% sent\)/).waitFor();
    await viewShot(page, "offline-pod-dialog-paused-desktop");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await dialog.getByRole("button", { name: "Send now" }).click();
    await page.getByText("POD completed successfully. Load status changed to 'Completed'.").waitFor({ timeout: 30_000 });
    // the resume sent only the remainder: from the byte the server held, each byte once
    const resumed = puts.slice(sentBeforePause);
    const total = resumed[0].total;
    expect(resumed[0].start).toBe(heldAtPause);
    expect(resumed.every((p) => p.start >= heldAtPause && p.total === total)).toBe(true);
    const sentAfter = resumed.reduce((n, p) => n + (p.end - p.start + 1), 0);
    expect(sentAfter).toBe(total - heldAtPause);
    for (const p of resumed) if (p.body !== null) expect(p.body).toBe(p.end - p.start + 1);
    console.log(`resumable upload: ${total} bytes; held at pause ${heldAtPause}; sent after resume ${sentAfter} in ${resumed.length} chunk(s)`);
    expect(await held()).toBe(0); // the chunks went when the file was kept

    const [row] = await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.photo));
    const res = await page.request.get(row.signedPaperworkUrl!);
    const pdf = Buffer.from(await res.body());
    expect(pdf.length).toBe(total); // the stored PDF is whole
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(`${SHOTS}/offline-pod-stored.pdf`, pdf);
    writeFileSync(`${SHOTS}/offline-pod-photo-original.jpg`, photo);
    console.log(`photo ${photo.length} bytes → stored PDF ${pdf.length} bytes`);
    expect(photo.length).toBeGreaterThan(1_500_000);
    expect(pdf.length).toBeLessThanOrEqual(1_000_000);
    // the stored page as a picture, for a person to read (the closing note describes it)
    execFileSync("pdftoppm", ["-r", "110", "-png", "-singlefile", `${SHOTS}/offline-pod-stored.pdf`, `${SHOTS}/offline-pod-stored-page`]);
    execFileSync("pdftoppm", ["-r", "220", "-png", "-singlefile", "-x", "250", "-y", "250", "-W", "1300", "-H", "700", `${SHOTS}/offline-pod-stored.pdf`, `${SHOTS}/offline-pod-stored-detail`]);
  });
});
