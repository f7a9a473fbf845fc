import { describe, expect, it } from "vitest";
import { moreText, previewHeadline } from "./compliance-preview-words";

describe("compliance preview words", () => {
  it("counts companies and open bids, singular and plural right", () => {
    expect(previewHeadline({ companyCount: 1, openBidCount: 1 })).toBe("Saving will stop 1 company from booking loads and 1 open bid from being awarded.");
    expect(previewHeadline({ companyCount: 2, openBidCount: 3 })).toBe("Saving will stop 2 companies from booking loads and 3 open bids from being awarded.");
    expect(previewHeadline({ companyCount: 1200, openBidCount: 0 })).toBe("Saving will stop 1,200 companies from booking loads.");
    expect(previewHeadline({ companyCount: 0, openBidCount: 1 })).toBe("Saving will stop 1 open bid from being awarded.");
  });

  it("says plainly when nothing would be blocked", () => {
    expect(previewHeadline({ companyCount: 0, openBidCount: 0 })).toBe("Saving will not block any company or open bid today.");
  });

  it("says how many names were left off, and nothing when all came", () => {
    expect(moreText(250, 100)).toBe("and 150 more");
    expect(moreText(3, 3)).toBeNull();
  });
});
