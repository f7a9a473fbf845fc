import { describe, expect, it } from "vitest";
import type { CompanyDocument } from "@contract/schemas/company";
import { WAITING_FOR_OFFICE, complianceAdvice, daysUntil, expiryNote, formatDay, requiredDocuments, suggestedKind, takesCover, wantsNewCopy } from "./document-rules";

type Doc = Pick<CompanyDocument, "kind" | "status" | "expiresOn">;
const TODAY = "2026-11-25";

describe("formatDay", () => {
  it("writes a calendar day the UK way, with its weekday", () => {
    expect(formatDay("2026-11-23")).toBe("Mon 23 Nov 2026");
    expect(formatDay("2027-03-28")).toBe("Sun 28 Mar 2027"); // the clocks change that night: still the 28th
    expect(formatDay("2028-02-29")).toBe("Tue 29 Feb 2028");
  });
  it("says Invalid Date for anything that is not a real YYYY-MM-DD", () => {
    expect(formatDay("2026-02-30")).toBe("Invalid Date");
    expect(formatDay("23/11/2026")).toBe("Invalid Date");
  });
});

describe("expiry", () => {
  it("counts whole days, across a month end and a clock change", () => {
    expect(daysUntil("2026-12-25", TODAY)).toBe(30);
    expect(daysUntil("2027-03-29", "2027-03-27")).toBe(2);
    expect(daysUntil("2026-11-24", TODAY)).toBe(-1);
  });
  it("is good to the end of its day, soon within 30 days, expired the day after", () => {
    expect(expiryNote("2026-11-25", TODAY)).toEqual({ text: "Expires today", tone: "soon" });
    expect(expiryNote("2026-11-26", TODAY)).toEqual({ text: "Expires in 1 day", tone: "soon" });
    expect(expiryNote("2026-12-25", TODAY)).toEqual({ text: "Expires in 30 days", tone: "soon" });
    expect(expiryNote("2026-12-26", TODAY)).toEqual({ text: "", tone: "ok" });
    expect(expiryNote("2026-11-24", TODAY)).toEqual({ text: "Expired", tone: "expired" });
  });
});

describe("suggestedKind", () => {
  it("starts on the first required insurance the company still lacks", () => {
    expect(suggestedKind([], TODAY)).toBe("vehicle_insurance");
    const docs: Doc[] = [{ kind: "vehicle_insurance", status: "pending", expiresOn: "2027-06-01" }];
    expect(suggestedKind(docs, TODAY)).toBe("goods_in_transit");
  });
  it("does not count a rejected or expired copy as on file", () => {
    const docs: Doc[] = [
      { kind: "vehicle_insurance", status: "rejected", expiresOn: "2027-06-01" },
      { kind: "goods_in_transit", status: "verified", expiresOn: "2027-06-01" },
    ];
    expect(suggestedKind(docs, TODAY)).toBe("vehicle_insurance");
    expect(suggestedKind([{ kind: "vehicle_insurance", status: "verified", expiresOn: "2026-11-24" }, docs[1]], TODAY)).toBe("vehicle_insurance");
  });
  it("falls back to vehicle insurance when both are on file", () => {
    const docs: Doc[] = [
      { kind: "vehicle_insurance", status: "verified", expiresOn: "2027-06-01" },
      { kind: "goods_in_transit", status: "pending", expiresOn: "2027-06-01" },
    ];
    expect(suggestedKind(docs, TODAY)).toBe("vehicle_insurance");
  });
});

describe("takesCover", () => {
  it("asks the cover only of insurance", () => {
    expect(takesCover("goods_in_transit")).toBe(true);
    expect(takesCover("public_liability")).toBe(true);
    expect(takesCover("fors_certificate")).toBe(false);
    expect(takesCover("operator_licence")).toBe(false);
  });
});

describe("complianceAdvice", () => {
  it("tells a non-compliant company what to upload, and that booking waits on it only when required", () => {
    expect(complianceAdvice("non_compliant", true)).toMatchObject({ tone: "red" });
    expect(complianceAdvice("non_compliant", true).next).toContain("and you can book loads");
    expect(complianceAdvice("non_compliant", false).next).not.toContain("book loads");
  });
  it("asks an expiring company for the renewal and a compliant one for nothing urgent", () => {
    expect(complianceAdvice("expiring", true).next).toContain("or you will not be able to book loads");
    expect(complianceAdvice("expiring", false).tone).toBe("amber");
    expect(complianceAdvice("compliant", true).tone).toBe("green");
  });
  it("straight after approval, with both insurances waiting for staff, says they are with the office instead of asking for an upload", () => {
    const docs = [
      { kind: "vehicle_insurance" as const, status: "pending" as const, expiresOn: "2027-06-30" },
      { kind: "goods_in_transit" as const, status: "pending" as const, expiresOn: "2027-06-30" },
    ];
    const waiting = complianceAdvice("non_compliant", true, requiredDocuments(docs, "2026-11-25"));
    expect(waiting).toMatchObject({ tone: "amber", label: WAITING_FOR_OFFICE });
    expect(waiting.next).toContain("waiting for the office");
    expect(waiting.next).not.toContain("Upload your");
    // one verified and one waiting: still with the office
    expect(complianceAdvice("non_compliant", false, requiredDocuments([{ ...docs[0], status: "verified" }, docs[1]], "2026-11-25")).label).toBe(WAITING_FOR_OFFICE);
    // one missing (rejected): the carrier has something to upload
    const missing = complianceAdvice("non_compliant", true, requiredDocuments([docs[0], { ...docs[1], status: "rejected" }], "2026-11-25"));
    expect(missing).toMatchObject({ tone: "red", label: "Not compliant" });
    expect(missing.next).toContain("Upload your");
  });
});

describe("wantsNewCopy", () => {
  const doc = (id: string, over: Partial<Doc> = {}) => ({ id, kind: "goods_in_transit" as const, status: "verified" as const, expiresOn: "2026-12-10", ...over });
  it("asks for a new copy of a rejected document and of a verified one running out", () => {
    expect(wantsNewCopy(doc("a", { status: "rejected", expiresOn: "2027-06-01" }), [], TODAY)).toBe(true);
    expect(wantsNewCopy(doc("a"), [], TODAY)).toBe(true);
    expect(wantsNewCopy(doc("a", { expiresOn: "2026-11-20" }), [], TODAY)).toBe(true);
  });
  it("does not ask while the document is good for more than 30 days, or waiting for review", () => {
    expect(wantsNewCopy(doc("a", { expiresOn: "2027-06-01" }), [], TODAY)).toBe(false);
    expect(wantsNewCopy(doc("a", { status: "pending" }), [], TODAY)).toBe(false);
  });
  it("stops asking once a later copy of the same kind is uploaded, but not for a rejected or other kind", () => {
    const old = doc("a");
    expect(wantsNewCopy(old, [old, doc("b", { status: "pending", expiresOn: "2027-12-10" })], TODAY)).toBe(false);
    expect(wantsNewCopy(old, [old, doc("b", { status: "rejected", expiresOn: "2027-12-10" })], TODAY)).toBe(true);
    expect(wantsNewCopy(old, [old, doc("b", { kind: "vehicle_insurance", expiresOn: "2027-12-10" })], TODAY)).toBe(true);
  });
});

describe("requiredDocuments", () => {
  it("lists both insurances as missing for a new company", () => {
    expect(requiredDocuments([], TODAY)).toEqual([
      { kind: "vehicle_insurance", state: "missing" },
      { kind: "goods_in_transit", state: "missing" },
    ]);
  });
  it("prefers the verified copy with the latest expiry, then one waiting for review", () => {
    const docs: Doc[] = [
      { kind: "vehicle_insurance", status: "verified", expiresOn: "2026-12-01" },
      { kind: "vehicle_insurance", status: "verified", expiresOn: "2027-12-01" },
      { kind: "vehicle_insurance", status: "pending", expiresOn: "2028-12-01" },
      { kind: "goods_in_transit", status: "pending", expiresOn: "2027-05-01" },
    ];
    expect(requiredDocuments(docs, TODAY)).toEqual([
      { kind: "vehicle_insurance", state: "verified", expiresOn: "2027-12-01" },
      { kind: "goods_in_transit", state: "pending", expiresOn: "2027-05-01" },
    ]);
  });
  it("counts an expired or rejected copy as missing, one expiring today as verified", () => {
    const docs: Doc[] = [
      { kind: "vehicle_insurance", status: "verified", expiresOn: "2026-11-24" },
      { kind: "goods_in_transit", status: "rejected", expiresOn: "2027-05-01" },
    ];
    expect(requiredDocuments(docs, TODAY).map((r) => r.state)).toEqual(["missing", "missing"]);
    expect(requiredDocuments([{ kind: "vehicle_insurance", status: "verified", expiresOn: TODAY }], TODAY)[0]).toEqual({ kind: "vehicle_insurance", state: "verified", expiresOn: TODAY });
  });
});
