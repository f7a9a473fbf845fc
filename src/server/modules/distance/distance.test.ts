import { createServer, type Server } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, testConfig } from "../../config";
import { SHIPPED_POSTCODE_DATA } from "../../lib/paths";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { calculateDistance, circuityFactor, createOsrmProvider, haversineMiles } from "./distance.service";
import { loadPostcodeTable, parsePostcode } from "./postcodes";

// the table shipped in the repository (data/uk-outcodes.csv): always there, so nothing here skips
const config = testConfig({ postcodeData: SHIPPED_POSTCODE_DATA });
const miles = (pickupPostcode: string, deliveryPostcode: string) =>
  calculateDistance({ config: { ...config, distanceProvider: "centroid" }, pickupPostcode, deliveryPostcode });

describe("parsePostcode", () => {
  it.each([
    ["ls14ap", "LS1"],
    ["LS1 4AP", "LS1"],
    ["  ls1  ", "LS1"],
    ["LS1", "LS1"],
    ["sw1a 1aa", "SW1A"],
    ["SW1A1AA", "SW1A"],
    ["m1 1ae", "M1"],
    ["B33 8TH", "B33"],
    ["CR2 6XH", "CR2"],
    ["DN55 1PT", "DN55"],
    ["w1a0ax", "W1A"],
    ["EC1A 1BB", "EC1A"],
    ["bt48", "BT48"],
  ])("reads %j as outward code %s", (input, outward) => {
    expect(parsePostcode(input)?.outward).toBe(outward);
  });

  it.each(["", "L", "12345", "LS", "ABC1 4AP", "LS1 4A", "LS1 44P", "X".repeat(200), "LS1 4AP; drop table loads", "<b>LS1</b>"])(
    "refuses %j",
    (input) => {
      expect(parsePostcode(input)).toBeNull();
    },
  );

  it("gives the postcode area as the letters of the outward code", () => {
    expect(parsePostcode("SW1A 1AA")?.area).toBe("SW");
    expect(parsePostcode("w1")?.area).toBe("W");
  });
});

describe("the postcode table", () => {
  it("is the one shipped in the repository unless POSTCODE_DATA names another (contract)", async () => {
    expect(loadConfig({}).postcodeData).toBe(SHIPPED_POSTCODE_DATA);
    expect(loadConfig({ POSTCODE_DATA: "/srv/postcodes.csv" }).postcodeData).toBe("/srv/postcodes.csv");
    const table = await loadPostcodeTable(SHIPPED_POSTCODE_DATA);
    // every GB and NI postcode district in use: about three thousand
    expect(table?.outcodes.size).toBeGreaterThan(2500);
    expect(table?.outcodes.has("LS1")).toBe(true);
    expect(table?.outcodes.has("BT48")).toBe(true);
  });
});

describe("circuity", () => {
  it("winds more on short trips than on long ones, about 1.2 overall", () => {
    expect(circuityFactor(1)).toBeGreaterThan(1.35);
    expect(circuityFactor(10)).toBeGreaterThan(circuityFactor(50));
    expect(circuityFactor(100)).toBeCloseTo(1.2, 3);
    expect(circuityFactor(400)).toBeCloseTo(1.2, 3);
  });

  it("haversine: London to Edinburgh is about 330 miles as the crow flies", () => {
    const d = haversineMiles({ lat: 51.5074, lon: -0.1278 }, { lat: 55.9533, lon: -3.1883 });
    expect(d).toBeGreaterThan(325);
    expect(d).toBeLessThan(335);
  });
});

// Road mileages between city centres, as the AA route planner and road atlases
// give them (rounded): the estimate must be within 15 % of each.
const ROAD_MILES: [string, string, string, number][] = [
  ["London–Manchester", "WC2N 5DU", "M1 1AE", 200],
  ["London–Birmingham", "WC2N 5DU", "B1 1BB", 118],
  ["Leeds–Bristol", "LS1 4AP", "BS1 4DJ", 210],
  ["Glasgow–Edinburgh", "G1 1XQ", "EH1 1YZ", 47],
  ["Cardiff–London", "CF10 1EP", "WC2N 5DU", 150],
  ["Belfast–Derry", "BT1 5GS", "BT48 6DQ", 70],
  ["Newcastle–Edinburgh", "NE1 7RU", "EH1 1YZ", 120],
  ["Southampton–Leeds", "SO14 7DU", "LS1 4AP", 230],
  ["Aberdeen–Glasgow", "AB11 6PE", "G1 1XQ", 145],
  ["Swansea–Birmingham", "SA1 1NW", "B1 1BB", 135],
  ["Norwich–Nottingham", "NR2 1NH", "NG1 5FW", 120],
  ["London–Edinburgh", "WC2N 5DU", "EH1 1YZ", 405],
  ["Manchester–Liverpool", "M1 1AE", "L1 8JQ", 35],
  ["Leeds–Bradford", "LS1 4AP", "BD1 1HY", 10],
  ["Exeter–Plymouth", "EX1 1BX", "PL1 1EA", 45],
];

describe("centroid estimate against known road distances", () => {
  it.each(ROAD_MILES)("%s (%s → %s) is within 15%% of %i miles", async (_name, a, b, road) => {
    const estimate = await miles(a, b);
    expect(Number.isInteger(estimate)).toBe(true);
    expect(Math.abs(estimate - road) / road).toBeLessThanOrEqual(0.15);
  });

  it("is symmetric and accepts any case and spacing", async () => {
    expect(await miles("ls14ap", "bs14dj")).toBe(await miles("BS1 4DJ", "LS1 4AP"));
    expect(await miles("LS1", "BS1")).toBe(await miles("LS1 4AP", "BS1 4DJ"));
  });

  it("falls back to the postcode area's mean for a district missing from the table (retired W1, EC1)", async () => {
    const table = (await loadPostcodeTable(config.postcodeData))!;
    expect(table.outcodes.has("W1")).toBe(false);
    const d = await miles("W1 1AA", "M1 1AE");
    // central London to Manchester: the W area mean is a few miles from WC2N
    expect(Math.abs(d - (await miles("WC2N 5DU", "M1 1AE")))).toBeLessThan(15);
    expect(await miles("EC1", "EC1A")).toBeLessThan(5);
  });

  it("refuses a missing, malformed or unknown postcode with 400 and details", async () => {
    await expect(miles("", "LS1 4AP")).rejects.toMatchObject({
      status: 400,
      message: "Please fill in both pickup and delivery postcodes to calculate distance.",
    });
    await expect(miles("LS1 4AP", "not a postcode")).rejects.toMatchObject({ status: 400, message: "Invalid postcode" });
    // well-formed, but no such area in the UK
    await expect(miles("QQ1 1AA", "LS1 4AP")).rejects.toMatchObject({ status: 400, message: "Unknown postcode" });
  });
});

describe("no postcode table", () => {
  it("answers 503 with a clear message", async () => {
    await expect(
      calculateDistance({ config: { ...config, postcodeData: undefined }, pickupPostcode: "LS1", deliveryPostcode: "BS1" }),
    ).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/postcode table/) });
    await expect(
      calculateDistance({ config: { ...config, postcodeData: "/nonexistent/uk-outcodes.csv" }, pickupPostcode: "LS1", deliveryPostcode: "BS1" }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it("a bad postcode is still a 400, not a 503", async () => {
    await expect(
      calculateDistance({ config: { ...config, postcodeData: undefined }, pickupPostcode: "nope nope", deliveryPostcode: "BS1" }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe("a small operator table", () => {
  it("reads an outcode,latitude,longitude,town CSV and skips bad rows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lb-postcodes-"));
    const path = join(dir, "mini.csv");
    writeFileSync(path, "outcode,latitude,longitude,town\nLS1,53.79648,-1.54785,Leeds\nBS1,51.45,-2.59,Bristol\nbad,row\nXX9,,,Nowhere\n");
    const table = (await loadPostcodeTable(path))!;
    expect([...table.outcodes.keys()]).toEqual(["LS1", "BS1"]);
    const d = await calculateDistance({ config: { ...config, postcodeData: path }, pickupPostcode: "LS2", deliveryPostcode: "bs1" });
    expect(d).toBeGreaterThan(170);
  });
});

describe("OSRM provider", () => {
  let server: Server;
  let url: string;
  let requests: string[];
  let answer: { status: number; body: unknown };
  beforeAll(async () => {
    requests = [];
    server = createServer((req, res) => {
      requests.push(req.url ?? "");
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const leeds = { lat: 53.79648, lon: -1.54785 };
  const bristol = { lat: 51.45, lon: -2.59 };

  it("asks the route service with lon,lat pairs and converts meters to miles", async () => {
    answer = { status: 200, body: { code: "Ok", routes: [{ distance: 337_962 }] } };
    const d = await createOsrmProvider(url).miles(leeds, bristol);
    expect(Math.round(d)).toBe(210);
    expect(requests.at(-1)).toBe("/route/v1/driving/-1.547850,53.796480;-2.590000,51.450000?overview=false");
  });

  it("falls back to the centroid estimate when OSRM fails or finds no route", async () => {
    const reasons: string[] = [];
    const estimate = Math.round(haversineMiles(leeds, bristol) * circuityFactor(haversineMiles(leeds, bristol)));
    answer = { status: 500, body: { message: "boom" } };
    expect(Math.round(await createOsrmProvider(url, { onFallback: (r) => reasons.push(r) }).miles(leeds, bristol))).toBe(estimate);
    answer = { status: 200, body: { code: "NoRoute", routes: [] } };
    expect(Math.round(await createOsrmProvider(url, { onFallback: (r) => reasons.push(r) }).miles(leeds, bristol))).toBe(estimate);
    const unreachable = createOsrmProvider("http://127.0.0.1:1", { onFallback: (r) => reasons.push(r), timeoutMs: 2000 });
    expect(Math.round(await unreachable.miles(leeds, bristol))).toBe(estimate);
    expect(reasons).toHaveLength(3);
  });
});

describe.each(ENGINES)("POST /api/calculate-distance on %s", (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    cookie = (await signedIn(t.app)).cookie;
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: "POST", url: "/api/calculate-distance", headers, payload: payload as object });

  it("answers 401 when signed out", async () => {
    const res = await post({ pickupPostcode: "LS1 4AP", deliveryPostcode: "BS1 4DJ" }, {});
    expect(res.statusCode).toBe(401);
  });

  it("answers {distance} in whole miles for a signed-in carrier", async () => {
    const res = await post({ pickupPostcode: "ls14ap", deliveryPostcode: "BS1 4DJ" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["distance"]);
    expect(Number.isInteger(body.distance)).toBe(true);
    expect(body.distance).toBeGreaterThan(178);
    expect(body.distance).toBeLessThan(242);
  });

  it("answers 400 {error, details} for missing, malformed, unknown or non-text postcodes", async () => {
    for (const payload of [
      {},
      { pickupPostcode: "LS1 4AP" },
      { pickupPostcode: "  ", deliveryPostcode: "BS1" },
      { pickupPostcode: "LS1 4AP", deliveryPostcode: "hello world" },
      { pickupPostcode: "QQ1 1AA", deliveryPostcode: "BS1" },
      { pickupPostcode: 12345, deliveryPostcode: "BS1" },
      { pickupPostcode: ["LS1"], deliveryPostcode: "BS1" },
      { pickupPostcode: "x".repeat(100_000), deliveryPostcode: "BS1" },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = res.json();
      expect(body.error).toBeTypeOf("string");
      expect(body.details).toBeTypeOf("string");
    }
    const missing = await post({ pickupPostcode: "LS1 4AP", deliveryPostcode: "" });
    expect(missing.json()).toEqual({
      error: "Please fill in both pickup and delivery postcodes to calculate distance.",
      details: "Delivery postcode is required",
    });
  });

  it("answers 503 with a clear message when no postcode table is installed", async () => {
    const saved = t.app.ctx.config.postcodeData;
    t.app.ctx.config.postcodeData = undefined;
    try {
      const res = await post({ pickupPostcode: "LS1 4AP", deliveryPostcode: "BS1 4DJ" });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/no UK postcode table is installed/);
    } finally {
      t.app.ctx.config.postcodeData = saved;
    }
  });
});
