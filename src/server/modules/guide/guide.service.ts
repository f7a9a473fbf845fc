// The Carrier Portal User Guide as a PDF (GET /api/pdf/user-guide,
// version 1.0, August 2025), drawn with pdfkit. A version never changes, so
// each is drawn once per process and kept in memory.
import PDFDocument from "pdfkit";
import { BODY, BOLD, ITALIC, pdfText, registerFonts } from "../../pdf/fonts";
import { drawPageFooters } from "../../pdf/page-footers";
import { GUIDE_VERSIONS, type GuideVersion } from "./guide-content";

const cache = new Map<string, Promise<Buffer>>();

export function guideVersion(version: string): GuideVersion | undefined {
  return Object.hasOwn(GUIDE_VERSIONS, version) ? GUIDE_VERSIONS[version] : undefined;
}

/** The guide's PDF bytes, or undefined for a version that does not exist. */
export function getUserGuidePdf(opts: { version: string; productName: string }): Promise<Buffer> | undefined {
  const guide = guideVersion(opts.version);
  if (!guide) return undefined;
  const cacheKey = `${guide.version}\u0000${opts.productName}`;
  let pdf = cache.get(cacheKey);
  if (!pdf) {
    pdf = renderGuide(guide, opts.productName);
    cache.set(cacheKey, pdf);
    pdf.catch(() => cache.delete(cacheKey));
  }
  return pdf;
}

const NAVY = "#1e3a8a";
const SLATE = "#334155";

function renderGuide(guide: GuideVersion, productName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // the product name is configured: drawn as the fonts can draw it
    const title = pdfText(`${productName} Carrier Portal User Guide`);
    const doc = new PDFDocument({
      size: "A4",
      margins: { top: 64, bottom: 64, left: 60, right: 60 },
      bufferPages: true,
      info: { Title: title, Author: pdfText(productName), Subject: `Version ${guide.version}` },
      displayTitle: true,
      lang: "en-GB",
    });
    registerFonts(doc);
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    // cover
    doc.moveDown(8);
    doc.font(BOLD).fontSize(28).fillColor(NAVY).text(title, { align: "center" });
    doc.moveDown(1.5);
    doc.font(BODY).fontSize(16).fillColor(SLATE).text(`Version ${guide.version}`, { align: "center" });
    doc.moveDown(0.4);
    doc.text(guide.date, { align: "center" });
    doc.moveDown(4);
    doc
      .fontSize(12)
      .text(
        pdfText(`This guide explains how carriers find, accept and complete loads on the ${productName} portal, and how administrators and managers run the board.`),
        { align: "center" },
      );

    // contents
    doc.addPage();
    heading(doc, "Contents");
    for (const part of guide.parts) {
      doc.font(BOLD).fontSize(12).fillColor(NAVY).text(part.title).moveDown(0.3);
      for (const s of part.sections) doc.font(BODY).fontSize(11).fillColor(SLATE).text(s.heading, { indent: 16 });
      doc.moveDown(0.8);
    }

    for (const part of guide.parts) {
      doc.addPage();
      heading(doc, part.title);
      for (const s of part.sections) {
        if (doc.y > doc.page.height - 200) doc.addPage();
        doc.font(BOLD).fontSize(14).fillColor(NAVY).text(s.heading).moveDown(0.4);
        if (s.intro) doc.font(BODY).fontSize(11).fillColor(SLATE).text(s.intro).moveDown(0.4);
        s.steps?.forEach((step, i) => {
          doc.font(BODY).fontSize(11).fillColor(SLATE).text(`${i + 1}. ${step}`, { indent: 12 }).moveDown(0.25);
        });
        for (const n of s.notes ?? []) doc.font(ITALIC).fontSize(10).text(n).moveDown(0.25);
        doc.moveDown(0.8);
      }
    }

    // footer on every page (within the 60 pt side margins)
    drawPageFooters(doc, { text: `${title} · Version ${guide.version} · ${guide.date}`, fontSize: 9, color: "#64748b", fromBottom: 40 });
    doc.end();
  });
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.font(BOLD).fontSize(20).fillColor(NAVY).text(text).moveDown(0.8);
}
