// The carrier's statement as a PDF (GET /api/invoices/statement
// ?format=pdf): every invoice issued in the period, void ones shown as void and
// not counted, with a running total, then the period's totals. A4 landscape: the
// table has eleven columns; an invoice of more than the load's price lists its lines under its row.
import { formatPounds } from "./invoice-money";
import { BODY, BOLD, ITALIC, pdfText } from "../../pdf/fonts";
import { dayLabel } from "./invoice-text";
import { caption, contentWidth, footers, MUTED, NAVY, openPdf, rowHeight, rule, SHADE, SLATE, tableRow, type Column } from "./pdf-layout";
import type { Statement } from "./statement";

// A4 landscape's 762 pt between the margins; a day column fits "Wed 25 Nov 2026" on one line,
// the last one its header "Running total"
const COLUMNS: Column[] = [
  { header: "Invoice", width: 78 },
  { header: "Issued", width: 82 },
  { header: "Due", width: 82 },
  { header: "Load", width: 72 },
  { header: "Status", width: 50 },
  { header: "Net", width: 62, align: "right" },
  { header: "VAT", width: 54, align: "right" },
  { header: "Gross", width: 66, align: "right" },
  { header: "Paid on", width: 82 },
  { header: "Reference", width: 60 },
  { header: "Running total", width: 74, align: "right" },
];

const day = (ymd: string | null) => (ymd ? dayLabel(ymd) : "");
/** An invoice's lines are written from the Load column to the end of Gross. */
const PARTS_X = COLUMNS.slice(0, 3).reduce((a, c) => a + c.width, 0) + 4;
const PARTS_WIDTH = COLUMNS.slice(3, 8).reduce((a, c) => a + c.width, 0) - 12;

export function renderStatementPdf(s: Statement): Promise<Buffer> {
  const title = `Statement for ${s.company.name}`;
  const { doc, bytes } = openPdf({ title, author: s.network, subject: `${s.from} to ${s.to}`, layout: "landscape", margin: 40 });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;

  // ---- heading
  doc.font(BOLD).fontSize(20).fillColor(NAVY).text("Statement of self-billing invoices", left, 40);
  doc.font(BODY).fontSize(9.5).fillColor(MUTED).text(pdfText(`Raised by ${s.network} on behalf of the supplier · produced ${dayLabel(s.producedOn)}`), left, 66);
  const facts: [string, string][] = [
    ["Supplier (the carrier)", s.company.name],
    ["Supplier VAT number", s.company.vatNumber || "Not registered for VAT"],
    ["Period", `${dayLabel(s.from)} to ${dayLabel(s.to)}`],
  ];
  const cell = width / facts.length;
  for (const [i, [k, v]] of facts.entries()) {
    caption(doc, k, left + i * cell, 90, cell - 8);
    doc.font(BOLD).fontSize(10.5).fillColor(SLATE).text(pdfText(v), left + i * cell, 102, { width: cell - 8 });
  }

  // ---- the table, its header repeated on each page
  let y = 134;
  const header = () => {
    const style = { font: BOLD, size: 8.5, padY: 4 };
    const height = rowHeight(doc, COLUMNS, COLUMNS.map((c) => c.header), style);
    doc.rect(left, y, width, height).fillColor(NAVY).fill();
    tableRow(doc, COLUMNS, COLUMNS.map((c) => c.header), y, { ...style, color: "#ffffff" });
    y += height;
  };
  header();
  if (!s.lines.length) {
    doc.font(ITALIC).fontSize(10).fillColor(MUTED).text("No invoices were issued to this company in the period.", left + 4, y + 8);
    y += 28;
  }
  for (const [i, l] of s.lines.entries()) {
    const isVoid = l.status === "void";
    const cells = [
      l.number,
      day(l.issuedOn),
      day(l.dueOn),
      l.loadNumber,
      l.statusLabel,
      formatPounds(l.net),
      formatPounds(l.vat),
      formatPounds(l.gross),
      day(l.paidOn),
      l.paymentReference ?? "",
      formatPounds(l.runningTotal),
    ];
    // a long reference wraps: the row (and its shading) is as tall as its tallest cell
    const rowH = rowHeight(doc, COLUMNS, cells, { size: 8.5, padY: 4 });
    // an invoice of more than the load's price (or of a claim alone) lists its lines beneath, under Load to Gross
    const parts = l.invoiceLines.length > 1 || l.claimInvoice ? l.invoiceLines.map((p) => `${p.description}: ${formatPounds(p.amount)}`) : [];
    const partsText = pdfText(parts.join("\n"));
    doc.font(ITALIC).fontSize(7.5);
    const partsH = parts.length ? doc.heightOfString(partsText, { width: PARTS_WIDTH }) + 4 : 0;
    const height = rowH + partsH;
    if (y + height > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
    }
    if (i % 2 === 1) doc.rect(left, y, width, height).fillColor(SHADE).fill();
    tableRow(doc, COLUMNS, cells, y, { size: 8.5, color: isVoid ? MUTED : SLATE, padY: 4 });
    if (parts.length) doc.font(ITALIC).fontSize(7.5).fillColor(MUTED).text(partsText, left + PARTS_X, y + rowH - 2, { width: PARTS_WIDTH });
    if (isVoid) {
      // a void line's amounts are struck through: shown, never counted
      const from = left + COLUMNS.slice(0, 5).reduce((a, c) => a + c.width, 0) + 10;
      const to = from + COLUMNS.slice(5, 8).reduce((a, c) => a + c.width, 0) - 16;
      doc.moveTo(from, y + 4 + 5.2).lineTo(to, y + 4 + 5.2).lineWidth(0.6).strokeColor(MUTED).stroke();
    }
    y += height;
  }
  rule(doc, y, SLATE, 0.8);

  // ---- totals
  if (y > bottom() - 110) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 12;
  const t = s.totals;
  const lines: [string, string, boolean][] = [
    [`Invoices counted: ${t.counted}${t.voided ? ` (${t.voided} void, not counted)` : ""}`, "", false],
    ["Net", formatPounds(t.net), false],
    ["VAT", formatPounds(t.vat), false],
    ["Total invoiced", formatPounds(t.gross), true],
    ["Paid", formatPounds(t.paid), false],
    ["Outstanding", formatPounds(t.outstanding), true],
  ];
  for (const [k, v, strong] of lines) {
    doc.font(strong ? BOLD : BODY).fontSize(strong ? 10.5 : 9.5).fillColor(SLATE);
    doc.text(k, left + width - 420, y, { width: 300, align: "right" });
    if (v) doc.text(v, left + width - 110, y, { width: 106, align: "right" });
    y += strong ? 17 : 14;
  }
  doc
    .font(BODY)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text("Each invoice is a self-billing invoice raised by the customer on the supplier's behalf. Void invoices were replaced or cancelled and are not payable.", left, y + 10, { width });

  footers(doc, `${s.network} · ${title} · ${dayLabel(s.from)} to ${dayLabel(s.to)}`);
  doc.end();
  return bytes;
}
