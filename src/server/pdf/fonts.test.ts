// The one text sanitiser every PDF goes through: a document set up with
// registerFonts() prints no soft hyphen or other invisible character even when a
// writer hands it raw text, draws ✓ with the embedded font, and turns emoji the
// font lacks into their plain twin. Read back with unpdf, as a reader's copy would be.
import { describe, expect, it } from "vitest";
import PDFDocument from "pdfkit";
import { extractText, getDocumentProxy } from "unpdf";
import { pdfText, registerFonts } from "./fonts";

async function drawn(lines: string[], opts: PDFKit.Mixins.TextOptions = {}): Promise<string> {
  const doc = new PDFDocument({ size: "A4" });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.on("data", (c: Buffer) => chunks.push(c));
  for (const l of lines) doc.text(l, opts);
  doc.end();
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await done)), { mergePages: true });
  return text;
}

describe("pdfText and the documents registerFonts sets up", () => {
  it("drops soft hyphens, zero-width characters and variation selectors, keeps line breaks", () => {
    expect(pdfText("Trans\u00ADport\u200B Ltd\uFEFF")).toBe("Transport Ltd");
    expect(pdfText("Line one\nLine two")).toBe("Line one\nLine two");
    expect(pdfText("\u2714\uFE0F done")).toBe("\u2714 done");
  });

  it("keeps symbols the font draws and swaps emoji it lacks for their plain twin, else ?", () => {
    expect(pdfText("\u2713 verified \u2717 rejected \u2022 \u2192")).toBe("\u2713 verified \u2717 rejected \u2022 \u2192");
    expect(pdfText("\u2705 ok \u274C no")).toBe("\u2713 ok \u2717 no");
    expect(pdfText("truck \u{1F69A}")).toBe("truck ?");
  });

  it("a writer that passes raw text still prints no soft hyphen (with letter spacing too) and prints the tick", async () => {
    const plain = await drawn(["Gŵyr Trans\u00ADport \u2713 Verified", "Caption\u00ADtext \u2705"]);
    const spaced = await drawn(["Spac\u00ADing"], { characterSpacing: 0.4 });
    for (const text of [plain, spaced]) expect(text).not.toContain("\u00AD");
    expect(plain).toContain("Gŵyr Transport \u2713 Verified");
    expect(plain).toContain("Captiontext \u2713");
    expect(spaced.replace(/\s+/g, " ")).toContain("Spacing");
  });
});
