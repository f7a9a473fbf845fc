// CSV exports: staff only; the exact bytes of a small file (BOM, CRLF, RFC 4180
// quoting, Welsh and emoji text, formula injection, money and UK dates); and the
// rows of each export are the rows its tab's list call answers for the same
// query, in the same order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, createLoads, createUser, signedIn } from "../../../../test/factories";
import { bids, type LoadRow } from "../../db/schema";
import type { Load } from "../../../contract/schemas/load";
import type { LoadWithPendingBids } from "../../../contract/schemas/bid";
import type { CarrierSummary, UserWithStats } from "../../../contract/schemas/user";
import { COMPLIANCE_LABELS } from "../../../contract/schemas/company";
import { EXPORT_KINDS, EXPORT_LIST_PATHS, exportPath, exportUrlOf } from "../../../contract/schemas/export";
import { csvObjects, readCsv } from "./csv-test-support";

type Session = Awaited<ReturnType<typeof signedIn>>;

const BOM = "\uFEFF";
const LOAD_HEADER =
  "Load Number,PO Number,Status,Urgent,Cargo,Equipment,Pickup City,Pickup County,Pickup Postcode,Pickup Date," +
  "Delivery City,Delivery County,Delivery Postcode,Delivery Date,Weight (kg),Distance (miles),Price (£),Rate per Mile (£)," +
  "FORS,POD Status,Accepted By,Accepted,Completed,Created";
const INJECTION = '=HYPERLINK("http://x")';

describe.each(ENGINES)("CSV exports on %s", (engine) => {
  let t: TestApp;
  let staff: Session;
  let carrier: Session;

  const get = (url: string, cookie?: string, method: "GET" | "HEAD" = "GET") =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  async function list<T>(url: string): Promise<T[]> {
    const res = await get(url, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T[];
  }
  async function exported(url: string): Promise<Record<string, string>[]> {
    const res = await get(url, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return csvObjects(res.body);
  }

  beforeAll(async () => {
    // 25 November 2026, 10:00 UK time: the file's date
    t = await createTestApp({ engine, jobs: false, clock: new TestClock(new Date("2026-11-25T10:00:00Z")) });
    staff = await signedIn(t.app, { role: "manager", name: "Desk Manager" });
    carrier = await signedIn(t.app, { carrierName: "Matrix Haulage Ltd" });
  });
  afterAll(() => t?.close());

  it("is staff only: signed out 401, a carrier 403, staff 200 as a dated CSV attachment", async () => {
    const admin = await signedIn(t.app, { role: "admin", isAdmin: true });
    for (const kind of EXPORT_KINDS) {
      const path = exportPath(kind);
      expect((await get(path)).statusCode, path).toBe(401);
      const refused = await get(path, carrier.cookie);
      expect(refused.statusCode, path).toBe(403);
      // the refusal is the contract's JSON error, never a file
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
      for (const who of [staff, admin]) {
        const res = await get(path, who.cookie);
        expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
        expect(res.headers["content-disposition"]).toBe(`attachment; filename="${kind}-2026-11-25.csv"`);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(res.body.startsWith(BOM)).toBe(true);
      }
      // HEAD: the same answer without reading a row
      const head = await get(path, staff.cookie, "HEAD");
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-disposition"]).toBe(`attachment; filename="${kind}-2026-11-25.csv"`);
      expect(head.body).toBe("");
      expect((await get(path, carrier.cookie, "HEAD")).statusCode).toBe(403);
    }
  });

  it("refuses a query its list call would refuse, with the list's 400 (never half a file)", async () => {
    for (const url of ["/api/export/loads.csv?sort=bogus", "/api/export/loads.csv?limit=1001", "/api/export/loads.csv?from=2026-02-30", "/api/export/users.csv?sort=password", "/api/export/carriers.csv?offset=-1", "/api/export/bids.csv?status=nope"]) {
      const res = await get(url, staff.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty("error");
    }
  });

  it("writes a small loads export byte for byte: BOM, CRLF, RFC 4180 quoting, Welsh and emoji, formula-safe text, money and UK dates", async () => {
    const held = await createUser(t.app, { carrierName: INJECTION });
    await createLoad(t.app, {
      loadNumber: "XB-001",
      mandataNumber: "PO-2026-00001",
      status: "accepted",
      isUrgent: true,
      cargoType: 'Steel "coils"\nsecond line',
      pickupCity: "Llanfairpwllgwyngyll",
      pickupState: "Ynys Môn",
      pickupZip: "LL61 5UL",
      // BST: 09:30 in the UK
      pickupDate: new Date("2026-07-01T08:30:00Z"),
      deliveryCity: "Caerdydd, Cymru",
      deliveryState: "Ŵ 🚚",
      deliveryZip: "CF10 1AA",
      deliveryDate: new Date("2026-07-02T15:00:00Z"),
      weight: 12000,
      distance: 200,
      price: 1234.5,
      ratePerMile: 6.17,
      forsRequirement: "Gold",
      acceptedBy: held.id,
      acceptedByCarrier: INJECTION,
      acceptedAt: new Date("2026-06-20T09:15:00Z"),
      createdAt: new Date("2026-06-15T11:00:00Z"),
    });
    await createLoad(t.app, {
      loadNumber: "XB-002",
      // a full-width equals sign: a formula to some spreadsheets
      mandataNumber: "\uFF1D1+1",
      status: "available",
      cargoType: "-Pallets",
      pickupCity: "Leeds",
      pickupState: "@Home",
      pickupZip: null,
      // GMT: 09:00 in the UK
      pickupDate: new Date("2026-12-01T09:00:00Z"),
      deliveryCity: "+44 Town",
      deliveryState: "\tTabbed",
      deliveryZip: null,
      deliveryDate: null,
      weight: null,
      distance: 0,
      // no real load has a negative price; money that may (credit notes) must stay a number
      price: -12.5,
      ratePerMile: null,
      forsRequirement: "",
      createdAt: new Date("2026-11-20T16:45:00Z"),
    });
    const res = await get("/api/export/loads.csv?search=XB-", staff.cookie);
    expect(res.statusCode).toBe(200);
    const expected =
      BOM +
      `${LOAD_HEADER}\r\n` +
      // newest pickup first (the list's default order)
      `XB-002,'\uFF1D1+1,Available,No,'-Pallets,Flatbed,Leeds,'@Home,,2026-12-01 09:00,'+44 Town,'\tTabbed,,,,0,-12.50,,None Required,,,,,2026-11-20 16:45\r\n` +
      `XB-001,PO-2026-00001,Waiting for Approval,Yes,"Steel ""coils""\nsecond line",Flatbed,Llanfairpwllgwyngyll,Ynys Môn,LL61 5UL,2026-07-01 09:30,` +
      `"Caerdydd, Cymru",Ŵ 🚚,CF10 1AA,2026-07-02 16:00,12000,200,1234.50,6.17,Gold,Pending,"'=HYPERLINK(""http://x"")",2026-06-20 10:15,,2026-06-15 12:00\r\n`;
    expect(res.body).toBe(expected);
    // and the bytes are UTF-8: the BOM is EF BB BF, Ŵ is C5 B4, the lorry F0 9F 9A 9A
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from([0xc5, 0xb4, 0x20, 0xf0, 0x9f, 0x9a, 0x9a]))).toBe(true);
    // read back by an independent RFC 4180 reader: the hostile text is intact, one field each
    const rows = csvObjects(res.body);
    expect(rows.map((r) => r["Load Number"])).toEqual(["XB-002", "XB-001"]);
    expect(rows[1]).toMatchObject({ Cargo: 'Steel "coils"\nsecond line', "Delivery City": "Caerdydd, Cymru", "Accepted By": `'${INJECTION}` });
  });

  it("writes users and carriers in the tabs' words, formula-safe, with a header alone when nothing matches", async () => {
    await createUser(t.app, {
      name: "Siân Llŷr 🏴",
      email: "sian@llanfair.example",
      carrierName: INJECTION,
      contactNumber: "+44 7700 900456",
      createdAt: new Date("2026-03-29T00:30:00Z"),
      lastLoginAt: new Date("2026-11-24T18:05:00Z"),
    });
    const users = await get("/api/export/users.csv?search=llanfair", staff.cookie);
    expect(users.body).toBe(
      BOM +
        "Name,Carrier Company,Compliance,Contact Number,Email,Role,Approved,Loads Accepted,Total Earnings (£),Last Login,Joined\r\n" +
        `Siân Llŷr 🏴,"'=HYPERLINK(""http://x"")",,'+44 7700 900456,sian@llanfair.example,Carrier,Yes,0,0.00,2026-11-24 18:05,2026-03-29\r\n`,
    );
    const none = await get("/api/export/carriers.csv?search=no-such-company-anywhere", staff.cookie);
    expect(none.body).toBe(BOM + "Carrier Company,Compliance,Contacts,Emails,More Contacts,Accepted Loads,Total Earnings (£),Last Activity,Joined\r\n");
    const carriers = await exported("/api/export/carriers.csv?search=llanfair");
    // the injected name held one accepted load above (XB-001), and now has two members
    expect(carriers).toEqual([
      expect.objectContaining({ "Carrier Company": `'${INJECTION}`, "Accepted Loads": "1", "Total Earnings (£)": "0.00" }),
    ]);
    expect(carriers[0].Emails).toContain("sian@llanfair.example");
  });

  describe("the rows are the list call's rows for the same query", () => {
    let board: LoadRow[];
    beforeAll(async () => {
      const bidder = await createUser(t.app, { name: "Bryn Bidder", carrierName: "Bidders Cymru" });
      const other = await createUser(t.app, { name: "Olwen Other", carrierName: "Other Co" });
      const day = Date.UTC(2026, 11, 1, 9);
      board = await createLoads(t.app, 40, (i) => ({
        loadNumber: `FX-${String(i).padStart(3, "0")}`,
        status: ["available", "available", "accepted", "approved", "completed", "cancelled"][i % 6],
        acceptedByCarrier: i % 6 >= 2 && i % 6 <= 4 ? (i % 4 === 0 ? "Matrix Haulage Ltd" : "Other Co") : null,
        pickupCity: i % 5 === 0 ? "Leeds" : "York",
        // same-hour ties, and a few without a date or a rate
        pickupDate: i % 9 === 0 ? null : new Date(day + Math.floor(i / 3) * 86_400_000),
        price: 500 + ((i * 37) % 400),
        ratePerMile: i % 7 === 0 ? null : 1 + ((i * 13) % 50) / 10,
        createdAt: new Date(Date.UTC(2026, 10, 1) + (i % 8) * 3_600_000),
      }));
      // pending bids on some available loads: two on every third, one on the rest
      const open = board.filter((l) => l.status === "available");
      for (const [k, l] of open.entries()) {
        await t.app.ctx.db.insert(bids).values({ loadId: l.id, carrierId: bidder.id, bidAmount: 450 + k, notes: k === 0 ? "=cmd|' /C calc'!A0" : null });
        if (k % 3 === 0) await t.app.ctx.db.insert(bids).values({ loadId: l.id, carrierId: other.id, bidAmount: 400 + k });
        // a rejected bid never shows
        await t.app.ctx.db.insert(bids).values({ loadId: l.id, carrierId: carrier.user.id, bidAmount: 1, status: "rejected" });
      }
    });

    it("loads: every filter and sort of GET /api/loads, and its limit and offset when sent", async () => {
      const queries = [
        "search=FX-",
        "search=FX-&status=accepted",
        "search=FX-&status=available,expired&sort=price",
        "search=FX-&carrier=Matrix%20Haulage%20Ltd,unassigned&sort=-price",
        "search=leeds&sort=ratePerMile",
        "search=FX-&sort=-ratePerMile",
        "search=FX-&sort=pickupDate",
        "search=FX-&sort=-createdAt",
        "search=FX-&sort=distance",
        "search=FX-&from=2026-12-03&to=2026-12-07",
        "search=FX-&sort=price&limit=7&offset=5",
      ];
      for (const q of queries) {
        const listUrl = `/api/loads?${q}`;
        const paged = q.includes("limit=");
        const listed = await list<Load>(paged ? listUrl : `${listUrl}&limit=1000`);
        // the web app's own way of building the export's address from the list's (every page);
        // a limit and offset sent to the export itself are honoured as the list honours them
        const rows = await exported(paged ? `/api/export/loads.csv?${q}` : exportUrlOf("loads", listUrl));
        expect(rows.map((r) => r["Load Number"]), q).toEqual(listed.map((l) => l.loadNumber));
        expect(listed.length, q).toBeGreaterThan(0);
      }
      // a staff member sees cancelled loads too, as in the All Loads tab
      const cancelled = await exported("/api/export/loads.csv?search=FX-&status=cancelled");
      expect(cancelled.length).toBe(board.filter((l) => l.status === "cancelled").length);
      expect(new Set(cancelled.map((r) => r.Status))).toEqual(new Set(["Cancelled"]));
    });

    it("bids: the Loads with Bids tab's loads in its order, each pending bid a row, lowest first", async () => {
      for (const q of ["search=FX-", "search=FX-&sort=-price", "search=leeds"]) {
        const listed = await list<LoadWithPendingBids>(`/api/loads/with-bids?${q}&limit=1000`);
        const rows = await exported(`/api/export/bids.csv?${q}`);
        const loadsInOrder = rows.map((r) => r.Load).filter((n, i, all) => i === 0 || all[i - 1] !== n);
        expect(loadsInOrder, q).toEqual(listed.map((r) => r.load.loadNumber));
        for (const r of listed) {
          const mine = rows.filter((x) => x.Load === r.load.loadNumber);
          expect(mine.length).toBe(r.bidCount);
          expect(mine.map((x) => Number(x["Bid Amount (£)"]))).toEqual([...mine.map((x) => Number(x["Bid Amount (£)"]))].sort((a, b) => a - b));
          expect(mine[0]).toMatchObject({ "Lowest Bid (£)": r.lowestBid.toFixed(2), Bids: String(r.bidCount), "Listed Price (£)": r.load.price.toFixed(2) });
        }
      }
      const all = await exported("/api/export/bids.csv?search=FX-");
      // the formula in a bid's notes is neutralised; the rejected bids are not there
      expect(all.find((r) => r.Notes.includes("calc"))?.Notes).toBe("'=cmd|' /C calc'!A0");
      expect(all.some((r) => r["Bid Amount (£)"] === "1.00")).toBe(false);
      expect(all.find((r) => r.Carrier === "Bryn Bidder")?.["Carrier Company"]).toBe("Bidders Cymru");
    });

    it("users and carriers: the Users and Carriers tabs' rows for their search and order", async () => {
      for (const q of ["", "sort=name", "sort=-totalEarnings", "search=other&sort=email", "sort=-lastLoginAt&limit=3&offset=1"]) {
        const listed = await list<UserWithStats>(`/api/users?${q}`);
        const rows = await exported(`/api/export/users.csv?${q}`);
        expect(rows.map((r) => r.Email), q).toEqual(listed.map((u) => u.email));
      }
      for (const q of ["", "sort=carrierName", "sort=-acceptedLoads", "search=cymru"]) {
        const listed = await list<CarrierSummary>(`/api/users/carrier?${q}`);
        const rows = await exported(`/api/export/carriers.csv?${q}`);
        expect(rows.map((r) => r["Carrier Company"].replace(/^'/, "")), q).toEqual(listed.map((c) => c.carrierName));
        expect(rows.map((r) => Number(r["Accepted Loads"]))).toEqual(listed.map((c) => c.acceptedLoads));
        expect(rows.map((r) => r.Compliance)).toEqual(listed.map((c) => (c.compliance ? COMPLIANCE_LABELS[c.compliance] : "")));
      }
    });
  });

  it("every export's address is built from its list call's address, every page", () => {
    expect(exportUrlOf("loads", "/api/loads?status=accepted&carrier=A%2CB&sort=-price&limit=50&offset=100")).toBe("/api/export/loads.csv?status=accepted&carrier=A%2CB&sort=-price");
    expect(exportUrlOf("users", `${EXPORT_LIST_PATHS.users}?limit=50&offset=0`)).toBe("/api/export/users.csv");
    // a record count that a test above relies on: the reader itself fails on a broken file
    expect(() => readCsv('a,"b\r\n')).toThrow();
    expect(() => readCsv("a,b")).toThrow();
  });
});
