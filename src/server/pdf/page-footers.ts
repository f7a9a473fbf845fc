// The footer every PDF of ours draws (the user guide, invoices, statements): one
// centred line at the foot of each page, "<text> · Page n of N", written once
// all pages exist, so the document must be opened with bufferPages.
import { BODY } from "./fonts";

/** Call once, before doc.end(), on a document with registerFonts (fonts.ts). `text` is drawn as given: the caller passes it through pdfText. */
export function drawPageFooters(doc: PDFKit.PDFDocument, opts: { text: string; fontSize: number; color: string; fromBottom: number }): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // inside the bottom margin: without it for the moment, or pdfkit would start a new page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(BODY)
      .fontSize(opts.fontSize)
      .fillColor(opts.color)
      .text(`${opts.text} · Page ${i + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - opts.fromBottom, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
