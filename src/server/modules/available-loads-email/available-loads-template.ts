// The available-loads email's body: one table of the loads on the board, with
// only what a carrier may see of an available load (no address, postcode, contact
// or reference), in the shared mail layout (src/server/mail/templates.ts).
import { button, esc, FONT, layout, paragraph, type MailBrand, type RenderedMail } from "../../mail/templates";
import type { EmailLoadLine } from "./available-loads-email.repository";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const int = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** "Mon 23 Nov 2026, 09:00" in UK time (the load cards' format). */
export function ukDateTime(d: Date | null, timeZone: string): string {
  if (!d) return "Date to be confirmed";
  const p: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d)) {
    p[part.type] = part.value;
  }
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

export function availableLoadsMail(
  brand: MailBrand & { timeZone: string },
  recipient: { name: string },
  list: EmailLoadLine[],
  now: Date,
): RenderedMail {
  const n = list.length;
  const today = new Intl.DateTimeFormat("en-GB", { timeZone: brand.timeZone, day: "numeric", month: "short", year: "numeric" }).format(now);
  const subject = `${n} available ${n === 1 ? "load" : "loads"} on ${brand.productName} – ${today}`;
  const board = `${brand.publicUrl}/`;
  const rows = list.map((l) => ({
    loadNumber: l.loadNumber,
    route: `${l.pickupCity} → ${l.deliveryCity}`,
    pickup: ukDateTime(l.pickupDate, brand.timeZone),
    weight: l.weight == null ? "—" : `${int.format(l.weight)} kg`,
    distance: l.distance == null ? null : `${int.format(l.distance)} miles`,
    equipment: l.equipmentType,
    price: gbp.format(Number(l.price)),
  }));

  const intro = `${n === 1 ? "This load is" : `These ${n} loads are`} available on the ${brand.productName} load board now. Sign in to accept a load or place a bid.`;
  const text = [
    `Hello ${recipient.name},`,
    intro,
    rows
      .map(
        (r) =>
          `#${r.loadNumber}  ${r.route}\n  Pickup: ${r.pickup}\n  ${[r.weight, r.distance, r.equipment].filter(Boolean).join(" · ")}\n  Price: ${r.price}`,
      )
      .join("\n\n"),
    `See every load: ${board}`,
    `— ${brand.productName}`,
  ].join("\n\n");

  const th = `style="padding:8px 6px;${FONT}font-size:12px;text-align:left;color:#475569;border-bottom:2px solid #cbd5e1;text-transform:uppercase;"`;
  const td = `style="padding:10px 6px;${FONT}font-size:14px;line-height:20px;color:#0f172a;border-bottom:1px solid #e2e8f0;vertical-align:top;"`;
  const tdRight = td.replace("vertical-align:top;", "vertical-align:top;text-align:right;white-space:nowrap;font-weight:bold;");
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 20px 0;">
<tr><th ${th}>Load</th><th ${th}>Route and pickup</th><th ${th}>Details</th><th ${th.replace("text-align:left", "text-align:right")}>Price</th></tr>
${rows
  .map(
    (r) => `<tr><td ${td}><strong style="white-space:nowrap;">#${esc(r.loadNumber)}</strong></td>
<td ${td}><strong>${esc(r.route)}</strong><br><span style="color:#475569;">${esc(r.pickup)}</span></td>
<td ${td}>${[r.weight, r.distance, r.equipment].filter((x): x is string => !!x).map((x) => `<span style="white-space:nowrap;">${esc(x)}</span>`).join("<br>")}</td>
<td ${tdRight}>${esc(r.price)}</td></tr>`,
  )
  .join("\n")}
</table>`;
  const html = layout(brand, {
    title: `${n} available ${n === 1 ? "load" : "loads"}`,
    preheader: intro,
    body: [paragraph(`Hello ${recipient.name},`), paragraph(intro), table, button("View the load board", board)].join("\n"),
  });
  return { subject, text: `${text}\n`, html };
}
