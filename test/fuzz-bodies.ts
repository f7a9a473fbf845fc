// Request bodies the fuzz mutates from (a plausible record of each call's fields),
// and the set-up of the routes that need their own data: company documents to review,
// an applicant with uploads, hostile upload and import files.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { TestApp } from "./helpers";
import { createUser } from "./factories";
import { companyDocuments } from "../src/server/db/schema";
import { issueApplicantToken } from "../src/server/modules/registration/registration.service";
import { fuzzBody, nastyString, type FuzzBody } from "./fuzz-arbitraries";
import { sessionFor, type Targets } from "./fuzz-kit";

/** days for the invoice calls: today (UK), real days, days that only look like days, and not days at all */
export const invoiceDay = fc.constantFrom(new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" }), "2026-11-01", "2020-01-01", "2099-12-31", "2026-02-30", "2026-13-01", "0000-01-01", "yesterday", "");
export const text = (max = 40) => fc.oneof(fc.constantFrom("Leeds", "Bristol", "M1 1AE", "Steel coils"), fc.string({ minLength: 1, maxLength: max }));
export const isoDate = fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
export const loadBase = () =>
  fc.record(
    {
      loadNumber: fc.constantFrom("", `FZ-${randomUUID().slice(0, 6)}`, "FN-2026-001"),
      mandataNumber: fc.constantFrom("", "PO-2026-00077"),
      pickupAddress: text(),
      pickupCity: text(),
      pickupState: text(),
      pickupZip: fc.constantFrom("LS1 4AP", "M1 1AE"),
      pickupDate: isoDate,
      pickupTimeType: fc.constantFrom("exact", "before", "between"),
      pickupStartTime: fc.constantFrom("09:00", "", null),
      pickupEndTime: fc.constantFrom("17:30", "", null),
      pickupContact: text(),
      pickupReference: text(),
      pickupInstructions: text(),
      deliveryCity: text(),
      deliveryZip: fc.constantFrom("BS1 4DJ", "HU1 1AA"),
      deliveryDate: isoDate,
      deliveryTimeType: fc.constantFrom("exact", "before", "between"),
      weight: fc.integer({ min: 0, max: 1_000_000 }),
      length: fc.constantFrom(13.6, 0, 9999.9),
      width: fc.constantFrom(2.5, 999.9),
      height: fc.constantFrom(3, 0.1),
      distance: fc.integer({ min: 0, max: 100_000 }),
      price: fc.oneof(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom(0, 0.01, 1250.5)),
      cargoType: text(),
      equipmentType: fc.constantFrom("Flatbed", "Curtain", "MOL"),
      isUrgent: fc.boolean(),
      adr: fc.boolean(),
      forsRequirement: fc.constantFrom("", "Bronze", "Silver", "Gold"),
      pickupSignedBy: fc.constantFrom(null, "Pat"),
      deliverySignedBy: fc.constantFrom(null, "Dee"),
    },
    { requiredKeys: ["pickupCity", "deliveryCity", "price"] },
  );

export const podBase = (tg: Targets) =>
  fc.record(
    {
      pickupSignedBy: text(),
      // random dates are mostly refused (in the future, or delivery before pickup);
      // a signed-yesterday pair keeps cases that get past validation
      pickupSignedDate: fc.oneof({ arbitrary: fc.constant(new Date(Date.now() - 30 * 3600_000).toISOString()), weight: 9 }, { arbitrary: isoDate, weight: 1 }),
      deliverySignedBy: text(),
      deliverySignedDate: fc.oneof({ arbitrary: fc.constant(new Date(Date.now() - 20 * 3600_000).toISOString()), weight: 9 }, { arbitrary: isoDate, weight: 1 }),
      signedPaperworkUrl: fc.oneof(fc.constantFrom(...tg.objectPaths), fc.constantFrom("", null, "/objects/../etc/passwd", "http://evil.example/objects/x", `/api/objects/upload/${"a".repeat(43)}`)),
    },
    { requiredKeys: ["pickupSignedBy", "pickupSignedDate", "deliverySignedBy", "deliverySignedDate"] },
  );

export const userBase = (tg: Targets) =>
  fc.record(
    {
      name: text(),
      carrierName: text(),
      contactNumber: fc.constantFrom("+44 7700 900123", "0113 000 0000", "123"),
      email: fc.oneof(fc.uuid().map((u) => `fz-${u.slice(0, 8)}@example.com`), fc.constantFrom(...tg.emails)),
      password: fc.constantFrom("", "", "", "Fuzzed1!pass"),
      role: fc.constantFrom("carrier", "manager", "admin"),
      isAdmin: fc.boolean(),
      isApproved: fc.boolean(),
    },
    { requiredKeys: ["name"] },
  );

export const companyBase = () =>
  fc.record(
    {
      name: fc.oneof(text(), fc.constantFrom("", "Fuzz Haulage Ltd", " fuzz HAULAGE ltd ")),
      companyNumber: fc.constantFrom("01234567", "sc 123456", "1234567", "", "ABC12345"),
      vatNumber: fc.constantFrom("GB123456789", "GB 123 4567 89 012", "123", ""),
      operatorLicence: fc.constantFrom("OB1234567", "ob 1234567", "O1", ""),
      forsLevel: fc.constantFrom("", "Bronze", "Silver", "Gold", "Platinum"),
    },
    { requiredKeys: [] },
  );

export const PDF = Buffer.from("%PDF-1.4\n%fuzz\n");

// company documents: pending documents of the carrier's company to review, and
// fresh uploads of the carrier's own to post (each can be posted once)
export const documentTargets = { ids: [] as string[], uploads: [] as string[] };
export async function seedDocumentTargets(t: TestApp, tg: Targets): Promise<void> {
  const rows = await t.app.ctx.db
    .insert(companyDocuments)
    .values([0, 1, 2, 3].map((i) => ({ companyId: tg.companyIds[0], kind: "goods_in_transit", objectPath: `/objects/${randomUUID()}`, expiresOn: "2099-06-30", status: i === 3 ? "verified" : "pending" })))
    .returning({ id: companyDocuments.id });
  documentTargets.ids = rows.map((r) => r.id);
  const cookie = await sessionFor(t, tg.carrierIds[0]);
  documentTargets.uploads = [];
  for (let i = 0; i < 3; i++) {
    const ticket = (await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } })).json() as { uploadURL: string; objectPath: string };
    await t.app.inject({ method: "PUT", url: ticket.uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
    documentTargets.uploads.push(ticket.objectPath);
  }
}
export const documentBase = (tg: Targets) =>
  fc.record(
    {
      kind: fc.constantFrom("vehicle_insurance", "goods_in_transit", "fors_certificate", "passport"),
      objectPath: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...documentTargets.uploads) }, { weight: 1, arbitrary: fc.constantFrom(...tg.objectPaths, "/objects/nope") }),
      expiresOn: fc.constantFrom("2099-01-31", "2099-01-31", "2020-01-01", "2026-02-30", "31/01/2099"),
      coverAmount: fc.oneof(fc.constant(null), fc.constantFrom(250000, -1, 0, 1e12)),
    },
    { requiredKeys: ["kind", "objectPath", "expiresOn"] },
  );
// registration with documents: a fresh applicant (a pending account and its cookie, as
// POST /api/register issues them) for each route, finished uploads of theirs to post and unused URLs
export const applicantTargets = { cookie: "", uploads: [] as string[], tokens: [] as string[] };
export async function seedApplicant(t: TestApp): Promise<void> {
  const user = await createUser(t.app, { isApproved: false, carrierName: `Applicant ${randomUUID().slice(0, 6)} Ltd` });
  const { token } = await issueApplicantToken({ tx: t.app.ctx.db, userId: user.id, now: t.app.ctx.clock.now() });
  const cookie = `applicant=${token}`;
  Object.assign(applicantTargets, { cookie, uploads: [], tokens: [] });
  // an applicant gets 4 tickets in all (contract "Upload budgets"): 3 files and 1 unused URL
  for (let i = 0; i < 4; i++) {
    const { uploadURL, objectPath } = (await t.app.inject({ method: "POST", url: "/api/registration/upload", headers: { cookie } })).json() as { uploadURL: string; objectPath: string };
    if (i < 3) {
      await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
      applicantTargets.uploads.push(objectPath);
    } else applicantTargets.tokens.push(uploadURL.split("/").pop()!);
  }
}
export const applicantRoute = { setup: seedApplicant, applicantCookie: () => applicantTargets.cookie };
export const registrationDocumentBase = (tg: Targets) =>
  fc.record(
    {
      kind: fc.constantFrom("vehicle_insurance", "goods_in_transit", "fors_certificate", "passport"),
      objectPath: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...applicantTargets.uploads) }, { weight: 1, arbitrary: fc.constantFrom(...tg.objectPaths, "/objects/nope") }),
      expiresOn: fc.constantFrom("2099-01-31", "2099-01-31", "2020-01-01", "2026-02-30", "31/01/2099"),
      coverAmount: fc.oneof(fc.constant(null), fc.constantFrom(250000, -1, 0, 1e12)),
    },
    { requiredKeys: ["kind", "objectPath", "expiresOn"] },
  );
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
export const uploadBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant<FuzzBody>({ kind: "raw", text: PDF }),
  fc.constant<FuzzBody>({ kind: "raw", text: PNG }),
  fc.constant<FuzzBody>({ kind: "raw", text: Buffer.concat([PDF, Buffer.alloc(100_000, 0x41)]) }),
  fc.uint8Array({ maxLength: 300 }).map((a): FuzzBody => ({ kind: "raw", text: Buffer.from(a) })),
  fc.uint8Array({ maxLength: 300 }).map((a): FuzzBody => ({ kind: "raw", text: Buffer.concat([PDF.subarray(0, 5), Buffer.from(a)]) })),
  fc.constant<FuzzBody>({ kind: "none" }),
  fuzzBody(),
);

/** An import file: the columns, then rows whose cells are good, hostile, formulas or missing (a CSV line of quoted cells). */
export const csvCell = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("Leeds", "LS1 4AP", "2099-01-31", "850", "-1", "yes", "Flatbed", "", "ZZ9 9ZZ", "2020-01-01", "FN-2026-001") },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom("=HYPERLINK(\"http://evil.example\")", "@SUM(1)", "\t=1", "+44 7700 900123") },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);
export const IMPORT_HEADER = ["loadNumber", "pickupCity", "pickupZip", "pickupDate", "deliveryCity", "deliveryZip", "deliveryDate", "price", "weight", "isUrgent", "cargoType"];
export const quoteCell = (v: string) => `"${v.replaceAll('"', '""')}"`;
export const importBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 6, arbitrary: fc
    .array(fc.array(csvCell, { minLength: IMPORT_HEADER.length - 1, maxLength: IMPORT_HEADER.length + 1 }), { minLength: 0, maxLength: 6 })
    .map((rows): FuzzBody => ({ kind: "raw", text: Buffer.from([IMPORT_HEADER.join(","), ...rows.map((r) => r.map(quoteCell).join(","))].join("\r\n")) })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a): FuzzBody => ({ kind: "raw", text: Buffer.from(a) })) },
  { weight: 1, arbitrary: fuzzBody() },
);

export const savedSearchBase = () =>
  fc.record(
    {
      name: text(),
      alert: fc.constantFrom("instant", "daily", "off", "hourly"),
      filters: fc.record(
        {
          search: text(),
          weight: fc.constantFrom("gt10000", "bogus"),
          status: fc.constantFrom("available", "nope"),
          pickupNear: fc.record({ postcode: fc.constantFrom("LS1", "ZZ9", "x"), miles: fc.constantFrom(10, 300, 5, 1.5) }),
          deliveryNear: fc.constant(null),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
export const rateParams = {
  pickup: fc.oneof(fc.constantFrom("LS1", "ls1 4ap", " B5 ", "B", "ZZ9 9ZZ", "HELLO", "", " "), nastyString),
  delivery: fc.constantFrom("B5", "EC1A 1BB", "12345", ""),
  equipmentType: fc.constantFrom("Flatbed", "MOL", "all", "Lorry", ""),
};

