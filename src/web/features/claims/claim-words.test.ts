import { describe, expect, it } from "vitest";
import type { WaitingClaim } from "@contract/schemas/claim";
import { decisionWords, evidenceLabel, pendingFirst } from "./claim-words";

const claim = (id: string, status: WaitingClaim["status"], createdAt: string): WaitingClaim => ({
  id, loadId: "l", loadNumber: "1001", companyId: "c", companyName: "Smith Haulage Ltd", stop: "delivery", arrivedAt: "2026-11-23T10:00:00Z", departedAt: "2026-11-23T13:15:00Z",
  evidence: "position", minutes: 195, chargeableMinutes: 75, amount: 37.5, status, decidedAmount: status === "approved" ? 37.5 : null,
  note: null, reason: null, createdAt, decidedAt: null, decidedBy: null,
});

describe("claim words", () => {
  it("puts pending claims first, newest first within each group", () => {
    const rows = [claim("a", "approved", "2026-11-25T00:00:00Z"), claim("b", "pending", "2026-11-20T00:00:00Z"), claim("c", "rejected", "2026-11-26T00:00:00Z"), claim("d", "pending", "2026-11-24T00:00:00Z")];
    expect(pendingFirst(rows).map((r) => r.id)).toEqual(["d", "b", "c", "a"]);
  });
  it("says what was decided, naming a lower amount against the claim", () => {
    expect(decisionWords(claim("a", "pending", ""))).toBe("Waiting for the office");
    expect(decisionWords(claim("a", "approved", ""))).toBe("£37.50 approved");
    expect(decisionWords({ status: "approved", amount: 37.5, decidedAmount: 30 })).toBe("£30.00 approved (claimed £37.50)");
    expect(decisionWords(claim("a", "rejected", ""))).toBe("Rejected");
  });
  it("names the evidence as the contract does", () => {
    expect(evidenceLabel({ evidence: "position" })).toBe("Position");
    expect(evidenceLabel({ evidence: "declared" })).toBe("Declared (no position)");
    expect(evidenceLabel({ evidence: "staff" })).toBe("Staff");
  });
});
