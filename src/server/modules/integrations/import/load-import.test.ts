// CSV load import on every engine, through the real
// app: a dry run reports every error by row and field in the words POST /api/loads
// uses; a commit creates all rows (each as a hand-posted load: history line, lane
// alert job, webhook job) or none; the file's own problems (columns, width, formula
// cells, size) are errors or 413; staff only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, inArray } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../../test/helpers";
import { createCarrier, createLoad, createManager, login } from "../../../../../test/factories";
import { openApiChecker, type OpenApiChecker } from "../../../../../test/openapi-check";
import { jobs, loadEvents, loads } from "../../../db/schema";
import { MSG } from "../../../../contract/messages";
import { WEIGHT_LIMIT_MESSAGE } from "../../../../contract/schemas/load";
import { FORMULA_MESSAGE, IMPORT_COLUMNS, MAX_IMPORT_ROWS, importDateMessage } from "../../../../contract/schemas/load-import";
import { calculateDistance } from "../../distance/distance.service";
import { EMPTY_FILE, NO_ROWS, TOO_MANY_ROWS } from "./csv-rows";
import { importCsv } from "./import-test-support";

// Wednesday 25 November 2026, 10:00 UK: "today" for the date rules
const NOW = "2026-11-25T10:00:00.000Z";
const base = { pickupCity: "Leeds", pickupZip: "LS1 4AP", pickupDate: "2026-12-01", deliveryCity: "Bristol", deliveryZip: "BS1 4DJ", deliveryDate: "2026-12-02", price: "850" };

describe.each(ENGINES)("CSV load import on %s", (engine) => {
  let t: TestApp;
  let cookie: string;
  let check: OpenApiChecker;
  const clock = new TestClock(new Date(NOW));

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    check = await openApiChecker(t.app);
    const manager = await createManager(t.app, { name: "Mo Manager" });
    cookie = await login(t.app, manager.email);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (text: string, opts: { dryRun?: boolean; cookie?: string; contentType?: string } = {}) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/loads/import${opts.dryRun === false ? "" : "?dryRun=true"}`,
      headers: { cookie: opts.cookie ?? cookie, "content-type": opts.contentType ?? "text/csv" },
      payload: text,
    });
    if (res.headers["content-type"]?.toString().startsWith("application/json")) {
      expect(check.problems("POST", "/api/loads/import", res.statusCode, res.json())).toEqual([]);
    }
    return res;
  };
  const loadCount = async () => (await t.app.ctx.db.select({ n: count() }).from(loads))[0].n;

  it("a dry run of a good file: valid, the row count, no errors, nothing created", async () => {
    const before = await loadCount();
    const res = await post(importCsv([base, { ...base, pickupCity: "York", price: "1,250.50" }]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, rows: 2, errors: [], created: 0 });
    expect(await loadCount()).toBe(before);
  });

  it("a commit creates every row as a hand-posted load: number, distance from the postcodes, history, lane alert, truck match and webhook jobs", async () => {
    // a webhook endpoint for load.created: a hand-posted load queues one delivery for it
    const admin = await login(t.app, (await createManager(t.app, { role: "admin", isAdmin: true })).email);
    const hook = await t.app.inject({ method: "POST", url: "/api/admin/webhooks", headers: { cookie: admin }, payload: { url: "https://93.184.216.34/hook", events: ["load.created"] } });
    expect(hook.statusCode).toBe(201);
    const byHand = await t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie }, payload: { ...base, price: 850, distance: 100 } });
    expect(byHand.statusCode).toBe(201);
    const jobsOf = async (ids: string[]) => {
      const rows = await t.app.ctx.db.select({ kind: jobs.kind, payload: jobs.payload }).from(jobs);
      return rows.filter((j) => ids.some((id) => JSON.stringify(j.payload).includes(id))).map((j) => j.kind).sort();
    };
    const handJobs = await jobsOf([byHand.json().id]);
    expect(handJobs).toEqual(["lane-alert", "truck-match", "webhook"]);

    const res = await post(importCsv([base, { ...base, loadNumber: "TMS-0001", deliveryZip: "M1 1AE", weight: "12000", adr: "yes", equipmentType: "curtain" }]), { dryRun: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ valid: true, rows: 2, errors: [], created: 2 });
    const created = await t.app.ctx.db.select().from(loads).where(inArray(loads.pickupZip, ["LS1 4AP"]));
    const imported = created.filter((l) => l.id !== byHand.json().id).sort((a, b) => a.loadNumber.localeCompare(b.loadNumber));
    expect(imported.map((l) => l.loadNumber)).toEqual([byHand.json().loadNumber.replace(/\d+$/, (d: string) => String(Number(d) + 1).padStart(3, "0")), "TMS-0001"]);
    const cfg = { ...t.config, distanceProvider: "centroid" as const };
    expect(imported[0].distance).toBe(await calculateDistance({ config: cfg, pickupPostcode: "LS1 4AP", deliveryPostcode: "BS1 4DJ" }));
    expect(imported[1].distance).toBe(await calculateDistance({ config: cfg, pickupPostcode: "LS1 4AP", deliveryPostcode: "M1 1AE" }));
    expect(imported[1]).toMatchObject({ status: "available", weight: 12000, adr: true, equipmentType: "Curtain", price: 850 });
    expect(Number(imported[0].ratePerMile)).toBeCloseTo(850 / imported[0].distance!, 2);
    for (const l of imported) {
      const events = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, l.id));
      expect(events.map((e) => [e.action, e.toStatus, e.actorName])).toEqual([["create", "available", "Mo Manager"]]);
      expect(await jobsOf([l.id])).toEqual(handJobs);
    }
    // and the board shows them
    const board = await t.app.inject({ url: "/api/loads?search=TMS-0001", headers: { cookie } });
    expect(board.json().map((l: { loadNumber: string }) => l.loadNumber)).toEqual(["TMS-0001"]);
  });

  it("every kind of row error, each under its row and field in the words of POST /api/loads", async () => {
    await createLoad(t.app, { loadNumber: "TMS-TAKEN" });
    const rows = [
      { ...base, pickupDate: "2026-13-45" }, // 1 bad date
      { ...base, deliveryDate: "12/31/2026" }, // 2 bad date (month and day the American way round)
      { ...base, pickupDate: "2026-11-24", deliveryDate: "2026-11-30" }, // 3 pickup in the past
      { ...base, deliveryDate: "2026-11-30" }, // 4 delivery before pickup
      { ...base, pickupZip: "ZZ9 9ZZ" }, // 5 unknown postcode (distance missing)
      { ...base, deliveryZip: "NOT A POSTCODE" }, // 6 not a UK postcode
      { ...base, price: "-10" }, // 7 negative price
      { ...base, price: "ten pounds" }, // 8 price not a number
      { ...base, price: "" }, // 9 price missing
      { ...base, pickupCity: "", deliveryCity: " " }, // 10 required cities missing
      { ...base, loadNumber: "TMS-DUP" }, // 11
      { ...base, loadNumber: "TMS-DUP" }, // 12 duplicate in the file
      { ...base, loadNumber: "TMS-TAKEN" }, // 13 duplicate of a load in the database
      { ...base, cargoType: '=HYPERLINK("http://evil.example","x")' }, // 14 formula
      { ...base, pickupContact: "+SUM(1,2)", pickupCity: "@Leeds" }, // 15 formulas
      { ...base, deliveryInstructions: "\t=1+1", deliveryCity: "-2+3" }, // 16 tab, minus
      { ...base, pickupContact: "+44 7700 900123", deliveryReference: "-" + "0113 496 0000" }, // 17 phone numbers: fine
      { ...base, weight: "1.5", isUrgent: "perhaps", equipmentType: "Lorry", pickupStartTime: "9am" }, // 18 types
      { ...base, cargoType: '\uFF1DHYPERLINK("http://evil.example","x")' }, // 19 a full-width =, which the exports guard too
      { ...base, pickupCity: "\uFF20Leeds", pickupContact: "\uFF0B44 7700 900123" }, // 20 full-width @ and + (not a phone number)
      { ...base, deliveryCity: " \uFF0D2+3" }, // 21 full-width -, after a space
    ];
    const res = await post(importCsv(rows));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.valid).toBe(false);
    expect(body.rows).toBe(rows.length);
    // each row also as a spreadsheet numbers it: the header is row 1
    for (const e of body.errors) expect(e.sheetRow).toBe(e.row + 1);
    expect(body.errors.map(({ sheetRow: _, ...e }: { sheetRow: number }) => e)).toEqual([
      { row: 1, field: "pickupDate", message: importDateMessage("Pickup date", "2026-13-45") },
      { row: 2, field: "deliveryDate", message: importDateMessage("Delivery date", "12/31/2026") },
      { row: 3, field: "pickupDate", message: MSG.pickupInPast },
      { row: 4, field: "deliveryDate", message: MSG.deliveryBeforePickup },
      { row: 5, field: "pickupZip", message: 'Pickup postcode "ZZ9 9ZZ" was not found in the UK postcode table' },
      { row: 6, field: "deliveryZip", message: MSG.postcode },
      { row: 7, field: "price", message: MSG.priceNegative },
      { row: 8, field: "price", message: MSG.priceNumber },
      { row: 9, field: "price", message: MSG.priceRequired },
      { row: 10, field: "pickupCity", message: MSG.pickupCityRequired },
      { row: 10, field: "deliveryCity", message: MSG.deliveryCityRequired },
      { row: 12, field: "loadNumber", message: "Load number TMS-DUP is also on row 12" },
      { row: 13, field: "loadNumber", message: "Load number TMS-TAKEN already exists" },
      { row: 14, field: "cargoType", message: FORMULA_MESSAGE },
      { row: 15, field: "pickupCity", message: FORMULA_MESSAGE },
      { row: 15, field: "pickupContact", message: FORMULA_MESSAGE },
      { row: 16, field: "deliveryCity", message: FORMULA_MESSAGE },
      { row: 16, field: "deliveryInstructions", message: FORMULA_MESSAGE },
      { row: 18, field: "weight", message: "Please enter a whole number" },
      { row: 18, field: "isUrgent", message: "Please choose yes or no" },
      { row: 18, field: "equipmentType", message: "Please choose one of: Flatbed, Curtain, MOL" },
      { row: 18, field: "pickupStartTime", message: MSG.timeFormat },
      { row: 19, field: "cargoType", message: FORMULA_MESSAGE },
      { row: 20, field: "pickupCity", message: FORMULA_MESSAGE },
      { row: 20, field: "pickupContact", message: FORMULA_MESSAGE },
      { row: 21, field: "deliveryCity", message: FORMULA_MESSAGE },
    ]);
  });

  it("every problem of a row at once: a bad cell does not hide the row's other rules", async () => {
    await createLoad(t.app, { loadNumber: "TMS-HELD" });
    const rows = [
      { ...base, loadNumber: "TMS-HELD", price: "lots", weight: "44001", pickupZip: "ZZ9 9ZZ", pickupDate: "2026-11-20", deliveryDate: "2026-11-30", cargoType: "=1+1" },
      { ...base, pickupCity: "", pickupDate: "31/02/2027", deliveryZip: "nowhere" },
    ];
    const body = (await post(importCsv(rows))).json();
    expect(body.errors).toEqual([
      { row: 1, sheetRow: 2, field: "pickupZip", message: 'Pickup postcode "ZZ9 9ZZ" was not found in the UK postcode table' },
      { row: 1, sheetRow: 2, field: "pickupDate", message: MSG.pickupInPast },
      { row: 1, sheetRow: 2, field: "price", message: MSG.priceNumber },
      { row: 1, sheetRow: 2, field: "loadNumber", message: "Load number TMS-HELD already exists" },
      { row: 1, sheetRow: 2, field: "weight", message: WEIGHT_LIMIT_MESSAGE },
      { row: 1, sheetRow: 2, field: "cargoType", message: FORMULA_MESSAGE },
      { row: 2, sheetRow: 3, field: "pickupCity", message: MSG.pickupCityRequired },
      { row: 2, sheetRow: 3, field: "pickupDate", message: importDateMessage("Pickup date", "31/02/2027") },
      { row: 2, sheetRow: 3, field: "deliveryZip", message: MSG.postcode },
    ]);
    // the date message names the formats a file may use
    expect(importDateMessage("Pickup date", "x")).toBe('Pickup date "x" is not a date: use 31/12/2026 (DD/MM/YYYY), 2026-12-31 (YYYY-MM-DD) or 2026-12-31T09:00:00Z (ISO 8601)');
  });

  it("takes UK dates as a spreadsheet writes them (31/12/2026) and a weight up to 44,000 kg", async () => {
    const text = importCsv([{ ...base, loadNumber: "TMS-UK-DATE", pickupDate: "31/12/2026", deliveryDate: "2/1/2027", weight: "44,000" }]);
    expect((await post(text)).json()).toEqual({ valid: true, rows: 1, errors: [], created: 0 });
    expect((await post(text, { dryRun: false })).statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.loadNumber, "TMS-UK-DATE"));
    expect(row.weight).toBe(44_000);
    // midnight at the start of the UK day, as "2026-12-31" is read
    expect(row.pickupDate!.toISOString()).toBe("2026-12-31T00:00:00.000Z");
    expect(row.deliveryDate!.toISOString()).toBe("2027-01-02T00:00:00.000Z");
    const heavy = (await post(importCsv([{ ...base, weight: "44001" }]))).json();
    expect(heavy.errors).toEqual([{ row: 1, sheetRow: 2, field: "weight", message: "Weight can be at most 44,000 kg (the UK's maximum gross weight for an articulated lorry)" }]);
  });

  it("the API and the load form's schema hold the same weight limit, naming it", async () => {
    const byHand = (weight: number) => t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie }, payload: { ...base, price: 850, weight } });
    expect((await byHand(44_000)).statusCode).toBe(201);
    const heavy = await byHand(44_001);
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json()).toMatchObject({ error: WEIGHT_LIMIT_MESSAGE, details: [{ path: "weight", message: WEIGHT_LIMIT_MESSAGE }] });
    expect(WEIGHT_LIMIT_MESSAGE).toContain("44,000 kg");
  });

  it("the same values posted by hand get the same words (one schema, one set of rules)", async () => {
    const byHand = async (over: object) => {
      const res = await t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie }, payload: { ...base, price: 850, ...over } });
      expect(res.statusCode).toBe(400);
      return res.json().details.map((d: { message: string }) => d.message);
    };
    expect(await byHand({ pickupDate: "2026-13-45" })).toEqual(["Please enter a valid date"]);
    expect(await byHand({ pickupDate: "2026-11-24", deliveryDate: "2026-11-30" })).toEqual([MSG.pickupInPast]);
    expect(await byHand({ deliveryDate: "2026-11-30" })).toEqual([MSG.deliveryBeforePickup]);
    expect(await byHand({ price: -10 })).toEqual([MSG.priceNegative]);
    expect(await byHand({ pickupCity: "" })).toEqual([MSG.pickupCityRequired]);
  });

  it("a file with one bad row creates nothing (400 with the same errors as the dry run)", async () => {
    const before = await loadCount();
    const text = importCsv([base, base, { ...base, price: "-1" }, base]);
    const dry = (await post(text)).json();
    const res = await post(text, { dryRun: false });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ valid: false, rows: 4, created: 0, errors: dry.errors });
    expect(body.errors).toEqual([{ row: 3, sheetRow: 4, field: "price", message: MSG.priceNegative }]);
    expect(body.error).toBe("Nothing was imported: the file has 1 error");
    expect(await loadCount()).toBe(before);
  });

  it("the file's own problems: unknown, repeated and missing columns; a row of the wrong width; empty; header only; aliases", async () => {
    const header = (await post("pickupCity,deliveryCity,price,colour,pickupCity\nLeeds,York,1,red,Leeds\n")).json();
    expect(header.errors).toEqual([
      { row: 0, sheetRow: 1, field: "pickupCity", message: 'Column "pickupCity" appears more than once' },
      { row: 0, sheetRow: 1, field: "colour", message: 'Unknown column "colour": the columns are the load\'s fields, as in the template' },
    ]);
    expect((await post("pickupCity,deliveryCity\nLeeds,York\n")).json().errors).toEqual([
      { row: 0, sheetRow: 1, field: "price", message: "The file has no price column: every load needs one" },
    ]);
    const width = (await post(`pickupCity,deliveryCity,price,pickupDate\nLeeds,York,1,2026-12-01\nLeeds,York\nLeeds,York,1,2026-12-01,,\n`)).json();
    expect(width.errors).toEqual([{ row: 2, sheetRow: 3, field: "row", message: "This row has 2 cells but the header names 4 columns" }]);
    expect((await post("")).json()).toEqual({ valid: false, rows: 0, created: 0, errors: [{ row: 0, sheetRow: 1, field: "file", message: EMPTY_FILE }] });
    expect((await post("\uFEFFpickupCity,deliveryCity,price\r\n\r\n")).json().errors).toEqual([{ row: 0, sheetRow: 1, field: "file", message: NO_ROWS }]);
    // the "…Postcode" column names (pickupPostcode, deliveryPostcode) are accepted; errors name the column as the file does
    const alias = (await post("pickupCity,deliveryCity,price,pickupPostcode,deliveryPostcode,pickupDate\nLeeds,York,1,LS1 4AP,nowhere,2026-12-01\n")).json();
    expect(alias.errors).toEqual([{ row: 1, sheetRow: 2, field: "deliveryPostcode", message: MSG.postcode }]);
    const bad = (await post('pickupCity,deliveryCity,price\n"Leeds,York,1\n')).json();
    expect(bad.valid).toBe(false);
    expect(bad.errors[0]).toMatchObject({ row: 1, field: "file" });
  });

  it(`${MAX_IMPORT_ROWS.toLocaleString("en-GB")} rows at most: one more is 413, and nothing is judged`, async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({ pickupCity: "Leeds", deliveryCity: "York", price: "1" }));
    const res = await post(importCsv(rows));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(TOO_MANY_ROWS);
    expect((await post(importCsv(rows), { dryRun: false })).statusCode).toBe(413);
  });

  it("staff only, text/csv only", async () => {
    const text = importCsv([base]);
    const carrier = await login(t.app, (await createCarrier(t.app)).email);
    expect((await post(text, { cookie: carrier })).statusCode).toBe(403);
    expect((await post(text, { cookie: "" })).statusCode).toBe(401);
    expect((await post(JSON.stringify(base), { contentType: "application/json" })).statusCode).toBe(415);
    // an unread body of a carrier is still 403, not 415
    expect((await post("{}", { cookie: carrier, contentType: "application/json" })).statusCode).toBe(403);
  });

  it("the template: every column, an example row that imports as it is", async () => {
    const res = await t.app.inject({ url: "/api/loads/import/template.csv", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="load-import-template.csv"');
    const [head] = res.body.split("\r\n");
    expect(head.split(",")).toEqual(IMPORT_COLUMNS);
    expect((await post(res.body)).json()).toEqual({ valid: true, rows: 1, errors: [], created: 0 });
    const carrier = await login(t.app, (await createCarrier(t.app)).email);
    expect((await t.app.inject({ url: "/api/loads/import/template.csv", headers: { cookie: carrier } })).statusCode).toBe(403);
  });
});
