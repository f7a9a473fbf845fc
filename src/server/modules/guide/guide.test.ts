// GET /api/pdf/user-guide (version 1.0, August 2025), read back with
// unpdf (PDF.js in JavaScript: no system PDF tools needed on the machine).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { createTestApp, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";

describe("user guide PDF", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { productName: "Northern Flatbed" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is a real multi-page PDF with the title, version, date and carrier and admin sections, signed out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/pdf/user-guide?version=1.0" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('inline; filename="user-guide-v1.0.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // PDF.js takes over the buffer it is given: hand it a copy
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBeGreaterThan(1);
    const { info } = await getMeta(pdf);
    expect(info.Title).toBe("Northern Flatbed Carrier Portal User Guide");

    const { totalPages, text: pageTexts } = await extractText(pdf);
    expect(totalPages).toBe(pdf.numPages);
    // no blank page: each carries words
    for (const [i, page] of pageTexts.entries()) expect(page.trim().length, `page ${i + 1}`).toBeGreaterThan(20);
    const text = pageTexts.join(" ").replace(/\s+/g, " ");
    expect(pageTexts[0]).toContain("User Guide");
    expect(text).toContain("Northern Flatbed Carrier Portal User Guide");
    expect(text).toContain("Version 1.0");
    expect(text).toContain("August 2025");
    // the fonts are embedded (DejaVu Sans Condensed), not pdfkit's standard Helvetica
    const raw = res.rawPayload.toString("latin1");
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSansCondensed\b/);
    expect(raw).not.toContain("Helvetica");
    for (const topic of ["Register", "Sign in", "Browse and filter loads", "Accept a load", "bid", "proof of delivery", "Manage loads", "Manage bids", "Approvals", "Users", "Carriers", "Email schedule"]) {
      expect(text, topic).toContain(topic);
    }
  });

  it("is the same bytes for a signed-in user (cached per version) and downloads with ?download=1", async () => {
    const { cookie } = await signedIn(t.app);
    const a = await t.app.inject({ method: "GET", url: "/api/pdf/user-guide?version=1.0" });
    const b = await t.app.inject({ method: "GET", url: "/api/pdf/user-guide?version=1.0&download=1", headers: { cookie } });
    expect(b.statusCode).toBe(200);
    expect(b.headers["content-disposition"]).toBe('attachment; filename="user-guide-v1.0.pdf"');
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    // no version: the current one
    expect((await t.app.inject({ method: "GET", url: "/api/pdf/user-guide" })).rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it("answers 404 for a version that does not exist", async () => {
    for (const v of ["2.0", "..%2F..%2Fetc%2Fpasswd", "__proto__", "toString"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/pdf/user-guide?version=${v}` });
      expect(res.statusCode, v).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
    }
  });
});
