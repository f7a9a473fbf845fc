// The admin page's check at start: the banner shows while the network's name or
// address is empty in Invoice Settings (every self-billing invoice prints them).
import { describe, expect, it } from "vitest";
import { INVOICE_SETTINGS_CHECK, missingInvoiceDetails } from "@contract/schemas/invoice";

describe("invoice settings check", () => {
  it("names what is still empty, and nothing once name and address are in", () => {
    expect(INVOICE_SETTINGS_CHECK).toBe("Fill in Invoice Settings before the first completion");
    expect(missingInvoiceDetails({ companyName: "", companyAddress: "  " })).toEqual(["Network's name", "Network's address"]);
    expect(missingInvoiceDetails({ companyName: "Northern Flatbed Network Ltd", companyAddress: "" })).toEqual(["Network's address"]);
    expect(missingInvoiceDetails({ companyName: "Northern Flatbed Network Ltd", companyAddress: "1 Dock Street\nLeeds" })).toEqual([]);
  });
});
