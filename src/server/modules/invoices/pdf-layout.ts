// What the invoice and the statement PDFs share: pdfkit set up as the user guide
// does (A4, the embedded DejaVu fonts of pdf/fonts.ts, en-GB, the guide's navy and
// slate), a page footer, label/value pairs and table rows. Text goes through
// pdfText() (pdf/fonts.ts).
import PDFDocument from "pdfkit";
import { BODY, BOLD, pdfText, registerFonts } from "../../pdf/fonts";
import { drawPageFooters } from "../../pdf/page-footers";

export const NAVY = "#1e3a8a";
export const SLATE = "#334155";
export const MUTED = "#64748b";
export const LINE = "#cbd5e1";
export const SHADE = "#f1f5f9";
export const RED = "#b91c1c";
export const GREEN = "#047857";

export type Doc = PDFKit.PDFDocument;

/** A document and the promise of its bytes (resolved after doc.end()). */
export function openPdf(opts: { title: string; author: string; subject: string; layout?: "portrait" | "landscape"; margin?: number }): { doc: Doc; bytes: Promise<Buffer> } {
  const m = opts.margin ?? 50;
  const doc = new PDFDocument({
    size: "A4",
    layout: opts.layout ?? "portrait",
    margins: { top: m, bottom: m, left: m, right: m },
    bufferPages: true,
    info: { Title: pdfText(opts.title), Author: pdfText(opts.author), Subject: pdfText(opts.subject) },
    displayTitle: true,
    lang: "en-GB",
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

/** `text · Page n of N` at the foot of every page (call once, before doc.end()). */
export function footers(doc: Doc, text: string): void {
  drawPageFooters(doc, { text: pdfText(text), fontSize: 8, color: MUTED, fromBottom: 32 });
}

/** A small grey caption above a value (the facts strip, the parties). */
export function caption(doc: Doc, text: string, x: number, y: number, width: number): void {
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED).text(pdfText(text).toUpperCase(), x, y, { width, characterSpacing: 0.4 });
}

/** One table column: its header, width, alignment. */
export interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

/** The height a row of cells takes (the tallest cell and its padding), before drawing it. */
export function rowHeight(doc: Doc, columns: readonly Column[], cells: readonly string[], style: { font?: string; size?: number; padY?: number } = {}): number {
  doc.font(style.font ?? BODY).fontSize(style.size ?? 9);
  const h = Math.max(...columns.map((c, i) => doc.heightOfString(pdfText(cells[i] ?? ""), { width: c.width - (c.align === "right" ? 12 : 8) })));
  return h + 2 * (style.padY ?? 4);
}

/** A row of cells at `y`; returns the row's height (the tallest cell). */
export function tableRow(
  doc: Doc,
  columns: readonly Column[],
  cells: readonly string[],
  y: number,
  style: { font?: string; size?: number; color?: string; x?: number; padY?: number } = {},
): number {
  const size = style.size ?? 9;
  const padY = style.padY ?? 4;
  let x = style.x ?? doc.page.margins.left;
  let height = 0;
  doc.font(style.font ?? BODY).fontSize(size).fillColor(style.color ?? SLATE);
  for (const [i, c] of columns.entries()) {
    const text = pdfText(cells[i] ?? "");
    // right-aligned figures keep a wider gap before the next column's text
    const opts = { width: c.width - (c.align === "right" ? 12 : 8), align: c.align ?? "left" };
    height = Math.max(height, doc.heightOfString(text, opts));
    doc.text(text, x + 4, y + padY, opts);
    x += c.width;
  }
  return height + 2 * padY;
}

/** A horizontal rule across the content width at `y`. */
export function rule(doc: Doc, y: number, color = LINE, width = 0.7): void {
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

/** The content width of the page. */
export const contentWidth = (doc: Doc): number => doc.page.width - doc.page.margins.left - doc.page.margins.right;
