// The invoice as a PDF (GET /api/invoices/{id}/pdf: "Self-billing invoice",
// both parties, VAT numbers, the load's route and dates, the PO number, and its
// lines: the load's price, then each approved waiting-time claim). HMRC's self-billing rules (VAT Notice 700/62) want the customer who
// raises the invoice, the supplier, the supplier's VAT number and, when VAT is
// charged, the words "The VAT shown is your output tax due to HMRC".
import type { InvoiceSettings } from "../../../contract/schemas/invoice";
import type { InvoiceLoad, InvoiceWithLoad } from "./invoices.repository";
import { formatPounds } from "./invoice-money";
import { BODY, BOLD, pdfText } from "../../pdf/fonts";
import { dayLabel, instantDayLabel } from "./invoice-text";
import { caption, contentWidth, footers, GREEN, LINE, MUTED, NAVY, openPdf, RED, rowHeight, rule, SHADE, SLATE, tableRow, type Column, type Doc } from "./pdf-layout";

export interface InvoicePdfInput {
  invoice: InvoiceWithLoad;
  load: InvoiceLoad;
  /** the network: invoice settings, its name falling back to the product's */
  settings: InvoiceSettings;
  productName: string;
}

const place = (city: string | null, zip: string | null) => [city, zip].filter(Boolean).join(" ") || "—";
const percent = (rate: string) => `${Number(rate)}%`;

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice: inv, load, settings } = input;
  const network = settings.companyName.trim() || input.productName;
  const { doc, bytes } = openPdf({ title: `Self-billing invoice ${inv.number}`, author: network, subject: `Load ${load.loadNumber}` });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);

  // ---- title and number
  doc.font(BOLD).fontSize(24).fillColor(NAVY).text("Self-billing invoice", left, 50);
  doc.font(BODY).fontSize(9.5).fillColor(MUTED).text(pdfText(`Issued by ${network} on behalf of the supplier named below`), left, 80, { width, height: 26, ellipsis: true });
  doc.font(BOLD).fontSize(14).fillColor(SLATE).text(inv.number, left, 52, { width, align: "right" });
  const status = inv.status === "void" ? { text: "VOID", color: RED } : inv.status === "paid" ? { text: "PAID", color: GREEN } : null;
  if (status) doc.font(BOLD).fontSize(11).fillColor(status.color).text(status.text, left, 72, { width, align: "right" });

  // ---- the two parties
  const top = 112;
  const half = (width - 20) / 2;
  const party = (x: number, heading: string, name: string, lines: string[], vat: string) => {
    doc.roundedRect(x, top, half, 118, 4).fillColor(SHADE).fill();
    caption(doc, heading, x + 12, top + 10, half - 24);
    // long names and addresses are cut to the box (with "…"), never drawn over the VAT line
    doc.font(BOLD).fontSize(11).fillColor(SLATE).text(pdfText(name), x + 12, top + 24, { width: half - 24, height: 27, ellipsis: true });
    const below = doc.y;
    if (lines.length) doc.font(BODY).fontSize(9.5).fillColor(SLATE).text(pdfText(lines.join("\n")), x + 12, below, { width: half - 24, height: top + 92 - below, ellipsis: true });
    doc.font(BODY).fontSize(9.5).fillColor(SLATE).text(pdfText(vat), x + 12, top + 96, { width: half - 24 });
  };
  const address = settings.companyAddress.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).slice(0, 4);
  party(left, "Customer (raises this invoice)", network, address, `VAT number: ${settings.companyVatNumber.trim() || "not given"}`);
  party(
    left + half + 20,
    "Supplier (the carrier)",
    inv.carrierName,
    [],
    inv.carrierVatNumber ? `VAT number: ${inv.carrierVatNumber}` : "Not registered for VAT",
  );

  // ---- facts strip
  const facts: [string, string][] = [
    ["Invoice number", inv.number],
    ["Date of issue (tax point)", dayLabel(inv.issuedOn)],
    ["Payment due", dayLabel(inv.dueOn)],
    ["PO number", load.mandataNumber || "—"],
  ];
  const factsY = top + 138;
  const cell = width / facts.length;
  for (const [i, [k, v]] of facts.entries()) {
    caption(doc, k, left + i * cell, factsY, cell - 8);
    doc.font(BOLD).fontSize(10.5).fillColor(SLATE).text(pdfText(v), left + i * cell, factsY + 12, { width: cell - 8 });
  }
  rule(doc, factsY + 36);

  // ---- the load
  let y = factsY + 50;
  doc.font(BOLD).fontSize(12).fillColor(NAVY).text("Load", left, y);
  y += 20;
  const loadRows: [string, string][] = [
    ["Load number", load.loadNumber],
    ["Route", `${place(load.pickupCity, load.pickupZip)} to ${place(load.deliveryCity, load.deliveryZip)}`],
    ["Pickup date", instantDayLabel(load.pickupDate)],
    ["Delivery date", instantDayLabel(load.deliveryDate)],
    ["Cargo", load.cargoType || "—"],
  ];
  for (const [k, v] of loadRows) {
    doc.font(BODY).fontSize(9.5).fillColor(MUTED).text(k, left, y, { width: 110 });
    doc.font(BODY).fontSize(9.5).fillColor(SLATE).text(pdfText(v), left + 110, y, { width: width - 110 });
    y = Math.max(doc.y, y + 14) + 2;
  }

  // ---- the charge: one row a line (the load's price, then each approved waiting-time claim); VAT is worked once, on the net
  y += 14;
  const cols: Column[] = [
    { header: "Description", width: width - 100 },
    { header: "Net", width: 100, align: "right" },
  ];
  doc.rect(left, y, width, 20).fillColor(NAVY).fill();
  tableRow(doc, cols, cols.map((c) => c.header), y + 1, { font: BOLD, color: "#ffffff", size: 9 });
  y += 22;
  for (const [i, line] of inv.lines.entries()) {
    const cells = [line.description, formatPounds(line.amount)];
    const height = rowHeight(doc, cols, cells, { padY: 6 });
    if (i % 2 === 1) doc.rect(left, y, width, height).fillColor(SHADE).fill();
    y += tableRow(doc, cols, cells, y, { padY: 6 });
  }
  rule(doc, y);

  // ---- totals
  y += 10;
  const totals: [string, string, boolean][] = [
    ["Net", formatPounds(inv.net), false],
    [`VAT at ${percent(inv.vatRate)}`, formatPounds(inv.vat), false],
    [inv.status === "void" ? "Total" : "Total payable to the supplier", formatPounds(inv.gross), true],
  ];
  for (const [k, v, strong] of totals) {
    doc.font(strong ? BOLD : BODY).fontSize(strong ? 11 : 10).fillColor(SLATE);
    doc.text(k, left + width - 330, y, { width: 230, align: "right" });
    doc.text(v, left + width - 100, y, { width: 96, align: "right" });
    y += strong ? 20 : 16;
  }

  // ---- payment state
  y += 6;
  doc.font(BOLD).fontSize(10);
  if (inv.status === "paid") {
    doc.fillColor(GREEN).text(pdfText(`Paid on ${dayLabel(inv.paidOn!)}, payment reference ${inv.paymentReference ?? ""}.`), left, y, { width });
  } else if (inv.status === "void") {
    doc.fillColor(RED).text(`This invoice was voided${inv.voidedAt ? ` on ${instantDayLabel(inv.voidedAt)}` : ""} and is not payable.`, left, y, { width });
  } else {
    doc.fillColor(SLATE).text(`Payment of ${formatPounds(inv.gross)} is due by ${dayLabel(inv.dueOn)}.`, left, y, { width });
  }

  // ---- the self-billing wording
  y = doc.y + 18;
  const wording = [
    `Self-billing invoice. This invoice is raised by ${network} (the customer) on behalf of ${inv.carrierName} (the supplier) under a self-billing agreement between them. The supplier agrees not to issue its own sales invoice for the supply it covers, and to tell the customer at once if its VAT registration changes.`,
    Number(inv.vat) > 0
      ? "The VAT shown is your output tax due to HMRC."
      : "No VAT is charged: the supplier has told the customer that it is not registered for VAT.",
  ];
  doc.font(BODY).fontSize(9);
  const boxHeight = wording.reduce((h, w) => h + doc.heightOfString(pdfText(w), { width: width - 24 }) + 6, 16);
  doc.roundedRect(left, y, width, boxHeight, 4).lineWidth(0.8).strokeColor(LINE).stroke();
  let wy = y + 10;
  for (const [i, w] of wording.entries()) {
    doc.font(i === 1 ? BOLD : BODY).fontSize(9).fillColor(SLATE).text(pdfText(w), left + 12, wy, { width: width - 24 });
    wy = doc.y + 6;
  }

  if (inv.status === "void") watermark(doc, "VOID");
  footers(doc, `${network} · Self-billing invoice ${inv.number}`);
  doc.end();
  return bytes;
}

/** A large pale word across the page (a void invoice stays readable but is plainly not payable). */
function watermark(doc: Doc, word: string): void {
  doc.switchToPage(0);
  doc.save();
  doc.rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
  doc.font(BOLD).fontSize(120).fillColor(RED).fillOpacity(0.12).text(word, 0, doc.page.height / 2 - 60, { width: doc.page.width, align: "center", lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}
