// Journey: proof of delivery. A carrier on a phone completes POD on an
// approved load with a photo of the paperwork; the load shows Completed; staff
// download the paperwork; another carrier cannot; the Proof of Delivery document
// prints alone. Real server, real database, real Chromium.
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { DESKTOP, PHONE, shot, startJourney, type E2EServer, type Journey } from "./helpers";
import { createCarrier, createLoad, createManager } from "../test/factories";
import { loads, type UserRow } from "../src/server/db/schema";
import { uploadDisk } from "../src/server/modules/objects/objects.upload";
import { TMP_ROOT } from "../test/paths";

let journey: Journey;
let server: E2EServer;
let alice: UserRow; // the carrier of the loads
let bob: UserRow; // another carrier
let manager: UserRow;
const ids: Record<string, string> = {};
const N = { phone: "FN-2026-601", desktop: "FN-2026-602" };

/** A real PNG (a grey page with dark "ink" lines), made here so the test needs no fixture file. */
function makePng(width = 120, height = 80): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = y % 10 === 5 && x > 10 && x < width - 10 ? 40 : 235;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const PNG = makePng();
const realCreateTempFile = uploadDisk.createTempFile;

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const app = server.app;
  alice = await createCarrier(app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
  bob = await createCarrier(app, { name: "Bob Trucker", carrierName: "Bob Transport Ltd" });
  manager = await createManager(app, { name: "Morgan Manager", carrierName: "Flatbed Network" });
  const own = { status: "approved", acceptedBy: alice.id, acceptedByCarrier: alice.carrierName, acceptedAt: new Date("2026-11-20T10:00:00Z") };
  ids.phone = (
    await createLoad(app, {
      ...own,
      loadNumber: N.phone,
      mandataNumber: "PO-2026-00061",
      pickupCity: "Sheffield",
      pickupState: "South Yorkshire",
      pickupZip: "S1 2HE",
      pickupAddress: "Unit 4, Parkway Industrial Estate",
      pickupDate: new Date("2026-11-24T08:00:00Z"),
      pickupTimeType: "between",
      pickupStartTime: "08:00",
      pickupEndTime: "10:00",
      pickupInstructions: "Report to gatehouse. Hi-vis and boots on site.",
      deliveryCity: "Southampton",
      deliveryState: "Hampshire",
      deliveryZip: "SO14 3JA",
      deliveryAddress: "Berth 106, Western Docks",
      deliveryDate: new Date("2026-11-24T15:00:00Z"),
      deliveryTimeType: "before",
      deliveryEndTime: "16:00",
      cargoType: "Structural steel beams",
      weight: 18500,
      length: 13.6,
      width: 2.5,
      height: 1.8,
      distance: 210,
      price: 1450,
      isUrgent: true,
      forsRequirement: "Silver",
      edgeProtectors: true,
      moffett: true,
    })
  ).id;
  ids.desktop = (await createLoad(app, { ...own, loadNumber: N.desktop, mandataNumber: "PO-2026-00062", pickupCity: "Derby", deliveryCity: "Norwich" })).id;
});

afterAll(() => journey?.close());

/** Sign in through the real login call, then open the board. */
async function signIn(user: UserRow, viewport = DESKTOP): Promise<Page> {
  const page = await journey.logIn(user, viewport);
  await page.goto("/");
  await page.getByText("Loading available loads...").waitFor({ state: "hidden" });
  return page;
}

/** What the screen shows now (a bottom sheet on a phone is fixed, so a full-page shot would misplace it). */
async function viewShot(page: Page, name: string) {
  mkdirSync(`${TMP_ROOT}/screenshots`, { recursive: true });
  await page.screenshot({ path: `${TMP_ROOT}/screenshots/${name}.png` });
}

const card = (page: Page, loadNumber: string): Locator => page.locator('[data-testid="load-card"]', { hasText: `#${loadNumber}` });

describe("proof of delivery", () => {
  it("a carrier on a phone completes POD with a photo of the paperwork and the load shows Completed", async () => {
    const page = await signIn(alice, PHONE);
    const c = card(page, N.phone);
    await c.getByRole("button", { name: "Complete POD" }).click();
    const dialog = page.getByRole("dialog", { name: `Complete POD - Load #${N.phone}` });
    await dialog.waitFor();
    // the phone gets a camera button; the input behind it asks for the rear camera
    await dialog.getByRole("button", { name: "Take a photo", exact: true }).waitFor();
    expect(await dialog.locator('input[type="file"][capture="environment"]').getAttribute("accept")).toBe("image/*");
    await viewShot(page, "pod-complete-dialog-phone");

    const pickup = dialog.getByRole("group", { name: "Pickup" });
    const delivery = dialog.getByRole("group", { name: "Delivery" });
    // the signing times open as now (a driver at the gate signs now); cleared, every field's message under it
    expect(await pickup.getByLabel("Date and time signed").inputValue()).not.toBe("");
    await pickup.getByLabel("Date and time signed").fill("");
    await delivery.getByLabel("Date and time signed").fill("");
    await dialog.getByRole("button", { name: "Submit POD" }).click();
    for (const m of ["Pickup signature required", "Pickup date required", "Delivery signature required", "Delivery date required"]) {
      await dialog.getByText(m).waitFor();
    }

    // signed in the past: a signature more than 15 minutes ahead of the clock is refused
    await pickup.getByLabel("Signed by").fill("Sam Loader");
    await pickup.getByLabel("Date and time signed").fill("2026-11-20T09:05");
    await delivery.getByLabel("Signed by").fill("Dee Receiver");
    await delivery.getByLabel("Date and time signed").fill("2026-11-20T15:40");

    // each photo is a page, shown to retake, sent with the POD as one PDF
    await dialog.getByLabel("Take a photo of the signed paperwork").setInputFiles({ name: "pod-photo.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByText("Page 1", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Retake page 1" }).waitFor();
    // the same file again is refused as a duplicate
    await dialog.getByLabel("Take a photo of the signed paperwork").setInputFiles({ name: "pod-photo.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByText("Cannot add the duplicate file 'pod-photo.png', it already exists").waitFor();
    await viewShot(page, "pod-complete-dialog-phone-filled");

    await dialog.getByRole("button", { name: "Submit POD" }).click();
    await page.getByText("POD completed successfully. Load status changed to 'Completed'.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    // the card refreshes: Completed, and Complete POD is still offered for a completed load
    await expect.poll(() => c.innerText(), { timeout: 15_000 }).toContain("Completed");
    await shot(page, "pod-board-after-complete-phone");

    const [row] = await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.phone));
    expect(row.status).toBe("completed");
    expect(row.completedAt).not.toBeNull();
    expect(row.pickupSignedBy).toBe("Sam Loader");
    expect(row.deliverySignedBy).toBe("Dee Receiver");
    expect(row.signedPaperworkUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
  });

  it("staff download the paperwork; another carrier gets 404", async () => {
    const [row] = await server.app.ctx.db.select().from(loads).where(eq(loads.id, ids.phone));
    const path = row.signedPaperworkUrl!;

    const staff = await signIn(manager);
    const res = await staff.request.get(path);
    expect(res.status()).toBe(200);
    // the photo went as a one-page PDF made on the phone
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toBe(`attachment; filename="POD-${N.phone}.pdf"`);
    expect(Buffer.from(await res.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const other = await signIn(bob);
    expect((await other.request.get(path)).status()).toBe(404);

    const owner = await signIn(alice);
    expect((await owner.request.get(path)).status()).toBe(200);
  });

  it("on a desktop, a file that is not really a PDF is refused with the server's message", async () => {
    const page = await signIn(alice, DESKTOP);
    await card(page, N.desktop).getByRole("button", { name: "Complete POD" }).click();
    const dialog = page.getByRole("dialog", { name: `Complete POD - Load #${N.desktop}` });
    await dialog.waitFor();
    // no camera button on a desktop
    expect(await dialog.getByRole("button", { name: "Take a photo", exact: true }).isVisible()).toBe(false);
    await dialog.getByRole("button", { name: "Choose file", exact: true }).waitFor();
    await viewShot(page, "pod-complete-dialog-desktop");

    await dialog.getByRole("group", { name: "Pickup" }).getByLabel("Signed by").fill("Pat Picker");
    await dialog.getByRole("group", { name: "Pickup" }).getByLabel("Date and time signed").fill("2026-11-21T08:30");
    await dialog.getByRole("group", { name: "Delivery" }).getByLabel("Signed by").fill("Nia Norwich");
    await dialog.getByRole("group", { name: "Delivery" }).getByLabel("Date and time signed").fill("2026-11-21T14:10");

    // a file named .pdf that is not one: the server's content check refuses it on Submit, in its words
    await dialog
      .getByLabel("Choose signed paperwork file")
      .setInputFiles({ name: "delivery-note.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some text, not a PDF at all\n") });
    await dialog.getByRole("button", { name: "Submit POD" }).click();
    await dialog.getByRole("alert").getByText("Only PDF, JPG or PNG files can be uploaded.").waitFor();
    // a file that is too big never leaves the browser
    await dialog
      .getByLabel("Choose signed paperwork file")
      .setInputFiles({ name: "huge-scan.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(10_485_760)]) });
    await dialog.getByText("huge-scan.pdf exceeds maximum allowed size of 10 MB").waitFor();
    await dialog.getByLabel("Choose signed paperwork file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await dialog.getByText("You can only upload: PDF, JPG, PNG").waitFor();
    await viewShot(page, "pod-complete-dialog-desktop-errors");

    // the server's disk is full (its real write stream pointed at /dev/full): the POD is
    // kept with the server's message; Send now works once space is freed, and a network
    // failure mid-upload on the way is retried (after the delays of UPLOAD_RETRY_DELAYS_MS)
    await dialog.getByRole("button", { name: "Remove delivery-note.pdf" }).click();
    await dialog.getByLabel("Choose signed paperwork file").setInputFiles({ name: "scan-2.png", mimeType: "image/png", buffer: makePng(100, 60) });
    await dialog.getByText("Page 1", { exact: true }).waitFor();
    uploadDisk.createTempFile = () => createWriteStream("/dev/full");
    try {
      await dialog.getByRole("button", { name: "Submit POD" }).click();
      await dialog.getByText("Storage is full — please try again later").waitFor({ timeout: 15_000 });
      await dialog.getByText("Saved on this phone — not sent yet").waitFor();
      await viewShot(page, "pod-complete-dialog-desktop-storage-full");
    } finally {
      uploadDisk.createTempFile = realCreateTempFile;
    }
    let failures = 2;
    await page.route("**/api/objects/upload/*", (route) => (failures-- > 0 ? route.abort("connectionreset") : route.continue()));
    await dialog.getByRole("button", { name: "Send now" }).click();
    await page.getByText("POD completed successfully. Load status changed to 'Completed'.").waitFor({ timeout: 20_000 });
    expect(failures).toBeLessThan(0);
    await page.unroute("**/api/objects/upload/*");
    await dialog.waitFor({ state: "hidden" });
  });

  it("the Proof of Delivery document prints alone, like A4 paperwork", async () => {
    const page = await signIn(alice, DESKTOP);
    await card(page, N.phone).getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: `Load Details - #${N.phone}` });
    await details.getByRole("button", { name: "Generate POD" }).click();
    const dialog = page.getByRole("dialog", { name: `Proof of Delivery - Load #${N.phone}` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Print POD" }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).first().waitFor();
    const doc = dialog.locator(".print-area");
    // textContent: headings are upper-cased by CSS only
    const text = (await doc.textContent()) ?? "";
    for (const s of [
      "PROOF OF DELIVERY",
      "Flatbed Network",
      N.phone,
      "PO-2026-00061",
      "Pickup Details",
      "Delivery Details",
      "Cargo Information",
      "Special Requirements",
      "Unit 4, Parkway Industrial Estate, Sheffield, South Yorkshire, S1 2HE",
      "24/11/2026 between 08:00 - 10:00",
      "24/11/2026 before 16:00",
      "Structural steel beams",
      "18,500 kg",
      "FORS Silver",
      "Edge protectors",
      "Name (print)",
      "Signature",
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).toMatch(/Generated on \d{2}\/\d{2}\/\d{4} · Load FN-2026-601/);
    await shot(page, "pod-document-dialog-desktop");

    await page.emulateMedia({ media: "print" });
    // only the document shows: not the dialog's title and buttons, not the board behind it
    // (in print the dialog box itself is hidden, so find the document on the page)
    const printed = page.locator(".print-area");
    expect(await printed.isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Print POD" }).isVisible()).toBe(false);
    expect(await page.getByRole("heading", { name: `Proof of Delivery - Load #${N.phone}` }).isVisible()).toBe(false);
    expect(await page.locator("#root").isVisible()).toBe(false);
    const box = await printed.boundingBox();
    // from the top left of the page, not shifted by the dialog's centring
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x).toBeLessThan(5);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(5);
    await shot(page, "pod-document-print");
    // and it fits one A4 page
    const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
    mkdirSync(`${TMP_ROOT}/screenshots`, { recursive: true });
    writeFileSync(`${TMP_ROOT}/screenshots/pod-document-print.pdf`, pdf);
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBe(1);
    await page.emulateMedia({ media: "screen" });
  });
});
