import { describe, expect, it } from "vitest";
import { COMPANY_MSG } from "@contract/schemas/company";
import { checkDocumentForm, DOCUMENT_FORM_MSG, documentFormSchema, type DocumentFormValues } from "./document-form";

const TODAY = "2026-11-25";
const PATH = "/objects/3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b";
const good = (over: Partial<DocumentFormValues> = {}): DocumentFormValues => ({ kind: "goods_in_transit", expiresOn: "2027-11-24", cover: "", forsLevel: "", objectPath: PATH, ...over });

describe("checkDocumentForm", () => {
  it("sends the contract's body, the cover typed as people write pounds", () => {
    expect(checkDocumentForm(good({ cover: "£1,000,000" }), TODAY)).toEqual({
      body: { kind: "goods_in_transit", objectPath: PATH, expiresOn: "2027-11-24", coverAmount: 1_000_000 },
    });
    expect(checkDocumentForm(good({ cover: " 50000.5 " }), TODAY)).toMatchObject({ body: { coverAmount: 50000.5 } });
  });

  it("leaves the cover out when empty, and never sends one for a FORS certificate", () => {
    expect(checkDocumentForm(good(), TODAY)).toEqual({ body: { kind: "goods_in_transit", objectPath: PATH, expiresOn: "2027-11-24" } });
    expect(checkDocumentForm(good({ kind: "fors_certificate", cover: "12,000", forsLevel: "Gold" }), TODAY)).toEqual({
      body: { kind: "fors_certificate", objectPath: PATH, expiresOn: "2027-11-24", forsLevel: "Gold" },
    });
  });

  it("asks a FORS certificate's level (the level it shows is what loads needing FORS count), and sends none for other kinds", () => {
    expect(checkDocumentForm(good({ kind: "fors_certificate" }), TODAY)).toEqual({ errors: { forsLevel: COMPANY_MSG.certificateForsLevel } });
    expect(checkDocumentForm(good({ kind: "fors_certificate", forsLevel: "Silver" }), TODAY)).toMatchObject({ body: { forsLevel: "Silver" } });
    expect(checkDocumentForm(good({ forsLevel: "Silver" }), TODAY)).toEqual({ body: { kind: "goods_in_transit", objectPath: PATH, expiresOn: "2027-11-24" } });
  });

  it("takes an expiry of today (good to the end of the day) and refuses yesterday with the contract's words", () => {
    expect("body" in checkDocumentForm(good({ expiresOn: TODAY }), TODAY)).toBe(true);
    expect(checkDocumentForm(good({ expiresOn: "2026-11-24" }), TODAY)).toEqual({ errors: { expiresOn: COMPANY_MSG.expiresInPast } });
  });

  it("puts each problem under its own field at once", () => {
    expect(checkDocumentForm(good({ expiresOn: "", cover: "1,00", objectPath: null }), TODAY)).toEqual({
      errors: { expiresOn: DOCUMENT_FORM_MSG.expiresOn, cover: DOCUMENT_FORM_MSG.cover, objectPath: DOCUMENT_FORM_MSG.file },
    });
  });

  it("speaks of the expiry date, not of its format, when none is chosen or it is no date", () => {
    for (const expiresOn of ["", "31/12/2027", "2027-02-30x"]) {
      const r = checkDocumentForm(good({ expiresOn }), TODAY);
      expect(r).toEqual({ errors: { expiresOn: "Please choose the expiry date: the last day the document is valid" } });
      expect(JSON.stringify(r)).not.toContain("YYYY");
    }
  });

  it("refuses a cover of nothing with the contract's message", () => {
    expect(checkDocumentForm(good({ cover: "0" }), TODAY)).toEqual({ errors: { cover: "Cover must be more than £0" } });
  });
});

describe("documentFormSchema", () => {
  it("gives react-hook-form the same messages by field", () => {
    const r = documentFormSchema(TODAY).safeParse(good({ expiresOn: "2026-01-01", objectPath: null }));
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries((r.success ? [] : r.error.issues).map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({ objectPath: DOCUMENT_FORM_MSG.file, expiresOn: COMPANY_MSG.expiresInPast });
  });
  it("takes a form that never shows the FORS level (the insurances at registration)", () => {
    const { forsLevel: _none, ...values } = good();
    expect(documentFormSchema(TODAY).safeParse(values).success).toBe(true);
  });
});
