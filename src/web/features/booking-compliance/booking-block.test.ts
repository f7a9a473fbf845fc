import { describe, expect, it } from "vitest";
import { COMPANY_MSG, forsRequiredMessage } from "@contract/schemas/company";
import type { ComplianceMe } from "./compliance-me";
import { boardNotice, bookingBlock, BOOKING_NEXT } from "./booking-block";

const me = (over: Partial<ComplianceMe> = {}): ComplianceMe => ({
  companyId: "0b7c6f1e-0000-4000-8000-000000000001",
  compliance: "compliant",
  verifiedForsLevel: "",
  requireCompliance: false,
  enforceFors: false,
  ...over,
});

describe("bookingBlock", () => {
  it("blocks nothing with both settings off, whatever the documents", () => {
    expect(bookingBlock(me({ compliance: "non_compliant" }), { forsRequirement: "Gold" })).toBeNull();
  });

  it("blocks every load of a non-compliant company when compliance is required, with the contract's words", () => {
    const block = bookingBlock(me({ compliance: "non_compliant", requireCompliance: true }), { forsRequirement: "" });
    expect(block).toEqual({ reason: "compliance", message: "Your insurance documents must be verified before you can book loads.", next: BOOKING_NEXT.compliance });
    expect(block?.message).toBe(COMPANY_MSG.notCompliant);
  });

  it("lets a company whose insurance is only expiring book", () => {
    expect(bookingBlock(me({ compliance: "expiring", requireCompliance: true }), { forsRequirement: "" })).toBeNull();
  });

  it("names the FORS level a load needs when the company's verified level is below it", () => {
    const block = bookingBlock(me({ enforceFors: true, verifiedForsLevel: "Bronze" }), { forsRequirement: "Silver" });
    expect(block).toEqual({ reason: "fors", level: "Silver", message: forsRequiredMessage("Silver"), next: BOOKING_NEXT.fors("Silver") });
    expect(block?.message).toContain("FORS Silver");
  });

  it("follows the FORS order: Gold books a Silver load, Silver books Bronze, none books a load with no requirement", () => {
    expect(bookingBlock(me({ enforceFors: true, verifiedForsLevel: "Gold" }), { forsRequirement: "Silver" })).toBeNull();
    expect(bookingBlock(me({ enforceFors: true, verifiedForsLevel: "Silver" }), { forsRequirement: "Bronze" })).toBeNull();
    expect(bookingBlock(me({ enforceFors: true, verifiedForsLevel: "" }), { forsRequirement: "" })).toBeNull();
    expect(bookingBlock(me({ enforceFors: true, verifiedForsLevel: "Silver" }), { forsRequirement: "Gold" })?.reason).toBe("fors");
  });

  it("ignores FORS when enforceFors is off", () => {
    expect(bookingBlock(me({ verifiedForsLevel: "" }), { forsRequirement: "Gold" })).toBeNull();
  });

  it("says compliance first when both rules refuse the load", () => {
    const block = bookingBlock(me({ compliance: "non_compliant", requireCompliance: true, enforceFors: true }), { forsRequirement: "Gold" });
    expect(block?.reason).toBe("compliance");
  });

  it("never blocks staff, nor anyone before the status has loaded", () => {
    const staff = me({ companyId: null, compliance: null, requireCompliance: true, enforceFors: true });
    expect(bookingBlock(staff, { forsRequirement: "Gold" }, { isStaff: true })).toBeNull();
    expect(bookingBlock(undefined, { forsRequirement: "Gold" })).toBeNull();
  });

  it("holds a carrier with no company to the rules as one with no documents, and tells them to ask the office", () => {
    const alone = me({ companyId: null, compliance: null });
    expect(bookingBlock({ ...alone, requireCompliance: true }, { forsRequirement: "" })).toEqual({ reason: "compliance", message: COMPANY_MSG.notCompliant, next: BOOKING_NEXT.noCompany });
    expect(bookingBlock({ ...alone, enforceFors: true }, { forsRequirement: "Bronze" })).toMatchObject({ reason: "fors", level: "Bronze", next: BOOKING_NEXT.noCompany });
    expect(bookingBlock(alone, { forsRequirement: "Bronze" })).toBeNull();
  });

  it("treats an unknown FORS value on a load as no requirement", () => {
    expect(bookingBlock(me({ enforceFors: true }), { forsRequirement: "Platinum" })).toBeNull();
    expect(bookingBlock(me({ enforceFors: true }), { forsRequirement: null })).toBeNull();
  });
});

describe("boardNotice", () => {
  it("says the company is blocked when compliance is required and missing", () => {
    expect(boardNotice(me({ compliance: "non_compliant", requireCompliance: true }))).toEqual({ tone: "blocked", title: COMPANY_MSG.notCompliant, text: BOOKING_NEXT.compliance });
  });

  it("warns of insurance expiring, saying what happens next only when compliance is required", () => {
    expect(boardNotice(me({ compliance: "expiring" }))?.text).toBe("Upload the renewed documents on your Company page before then.");
    expect(boardNotice(me({ compliance: "expiring", requireCompliance: true }))?.text).toContain("you will not be able to book loads");
  });

  it("says nothing to a compliant company, to a non-compliant one when the setting is off, or to staff", () => {
    expect(boardNotice(me())).toBeNull();
    expect(boardNotice(me({ compliance: "non_compliant" }))).toBeNull();
    expect(boardNotice(me({ companyId: null, compliance: null, requireCompliance: true }), { isStaff: true })).toBeNull();
  });

  it("tells a carrier with no company to ask the office when compliance is required", () => {
    expect(boardNotice(me({ companyId: null, compliance: null, requireCompliance: true }))).toEqual({ tone: "blocked", title: COMPANY_MSG.notCompliant, text: BOOKING_NEXT.noCompany });
    expect(boardNotice(me({ companyId: null, compliance: null }))).toBeNull();
  });
});
