// Journey: CSV load import. An admin opens
// Import CSV beside Add New Load, downloads the template, uploads a file built from
// it with a mistake (a negative price), sees the error table (row, column, problem),
// fixes the file, chooses it again, imports both loads and finds them in All Loads.
// At a 1280 px desk and a 390 px phone (the error table scrolls inside itself);
// axe-core's WCAG A/AA rules on each screen.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, startJourney, viewShot, type Journey, settled } from "./helpers";
import { createAdmin } from "../test/factories";
import type { UserRow } from "../src/server/db/schema";

let journey: Journey;
let admin: UserRow;

beforeAll(async () => {
  journey = await startJourney();
  admin = await createAdmin(journey.server.app, { name: "Ada Admin", carrierName: "Flatbed Network" });
});

afterAll(() => journey?.close());

/** The template's header and example row, the example's cities and price replaced, twice. */
function fileFrom(template: string, secondPrice: string): Buffer {
  const [header, example] = template.trim().split("\r\n");
  const row = (city: string, price: string) => example.replace("Leeds", city).replace("850.00", price);
  return Buffer.from([header, row("Whitby", "900.00"), row("Scarborough", secondPrice)].join("\r\n") + "\r\n");
}

async function openImport(page: Page) {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import loads from CSV" });
  await dialog.waitFor();
  return dialog;
}

describe("CSV load import", () => {
  it("an admin downloads the template, uploads a file with an error, sees the table, fixes it and imports the loads", async () => {
    const page = await journey.signedInPage(admin, DESKTOP_1280);
    const dialog = await openImport(page);
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Download the template" }).click()]);
    expect(download.suggestedFilename()).toBe("load-import-template.csv");
    const template = readFileSync((await download.path())!, "utf8");
    expect(template.split("\r\n")[0]).toContain("pickupCity,pickupState,pickupZip,pickupDate");

    const input = dialog.getByLabel("CSV file");
    await input.setInputFiles({ name: "loads.csv", mimeType: "text/csv", buffer: fileFrom(template, "-5") });
    const problems = dialog.getByRole("region", { name: "Problems in the file" });
    await problems.waitFor();
    await dialog.getByText("1 problem in 1 of 2 rows. Nothing has been imported", { exact: false }).waitFor();
    const cells = await problems.getByRole("row").nth(1).getByRole("cell").allTextContents();
    // the second data row is row 3 of the spreadsheet (the header is row 1)
    expect(cells).toEqual(["3", "price", "Price cannot be negative"]);
    expect(await dialog.getByRole("button", { name: "Import loads" }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await viewShot(page, "load-import-errors-desk");

    // the same file on a phone: the dialog fits, the table scrolls inside itself
    const phone = await journey.signedInPage(admin, PHONE);
    const phoneDialog = await openImport(phone);
    await phoneDialog.getByLabel("CSV file").setInputFiles({ name: "loads.csv", mimeType: "text/csv", buffer: fileFrom(template, "-5") });
    await phoneDialog.getByRole("region", { name: "Problems in the file" }).waitFor();
    await fitsPhone(phone);
    await expectAccessible(phone);
    await viewShot(phone, "load-import-errors-phone");

    // fixed, chosen again: checked, then imported
    await input.setInputFiles({ name: "loads-fixed.csv", mimeType: "text/csv", buffer: fileFrom(template, "950.00") });
    await dialog.getByText("All 2 loads in the file are ready to import.").waitFor();
    // the Import button's colours ease from disabled to enabled: judge contrast once they have
    await settled(dialog.getByRole("button", { name: "Import 2 loads" }));
    await expectAccessible(page);
    await viewShot(page, "load-import-ready-desk");
    await dialog.getByRole("button", { name: "Import 2 loads" }).click();
    await page.getByText("2 loads added to the board.").waitFor();
    await dialog.waitFor({ state: "detached" });
    const table = page.getByRole("table").first();
    await table.getByText("Whitby").first().waitFor();
    await table.getByText("Scarborough").first().waitFor();
    await viewShot(page, "load-import-done-desk");
  });
});
