// Invoice money in exact decimal arithmetic (never binary
// floating point for sums or VAT; round half up to the penny; VAT per invoice).
// Amounts enter as the database writes them (numeric text) or as numbers of at
// most 2 decimals, and leave as 2-decimal text for the numeric columns or as
// JSON numbers at the very edge (contract Conventions: money is a JSON number).
import { Decimal } from "decimal.js";
import { VAT_RATE_REGISTERED } from "../../../contract/schemas/invoice";

/** A private Decimal: 40 significant digits, half up; nobody else's settings can change it. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

/** A JavaScript number of pounds as the decimal it was written as (1234.57 → "1234.57", never 1234.5699999…). */
export function dec(v: number | string | Dec): Dec {
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new RangeError(`not an amount: ${v}`);
    // the shortest text that reads back as this number: what was typed or stored
    return new D(String(v));
  }
  return new D(v);
}

/** To the penny, half up (0.005 → 0.01, 0.0049 → 0.00; negatives mirror). */
export const penny = (v: number | string | Dec): Dec => dec(v).toDecimalPlaces(2, D.ROUND_HALF_UP);

/** 2-decimal text, as a numeric(…, 2) column takes it. */
export const moneyText = (v: number | string | Dec): string => penny(v).toFixed(2);

/** A JSON number of pounds with at most 2 decimals (the shortest double that reads back as the penny amount). */
export const moneyNumber = (v: number | string | Dec): number => Number(moneyText(v));

export interface InvoiceAmounts {
  /** 2-decimal text */
  net: string;
  /** percent: "20.00" or "0.00" */
  vatRate: string;
  vat: string;
  gross: string;
}

/**
 * VAT 20 % when the carrier company has a VAT number,
 * else 0. The net is the load's price to the penny; VAT = round(net × rate),
 * half up, once per invoice; gross = net + VAT (exact: both are pennies).
 */
export function invoiceAmounts(price: number | string, vatRegistered: boolean): InvoiceAmounts {
  const net = penny(price);
  const rate = new D(vatRegistered ? VAT_RATE_REGISTERED : 0);
  const vat = penny(net.times(rate).dividedBy(100));
  return { net: net.toFixed(2), vatRate: rate.toFixed(2), vat: vat.toFixed(2), gross: net.plus(vat).toFixed(2) };
}

/** An exact sum of amounts, to the penny. */
export function sumMoney(values: readonly (number | string)[]): string {
  return values.reduce<Dec>((acc, v) => acc.plus(dec(v)), new D(0)).toFixed(2);
}

/** Running totals: each value the sum of the amounts up to and including its own. */
export function runningTotals(values: readonly (number | string | null)[]): string[] {
  let acc = new D(0);
  return values.map((v) => {
    if (v !== null) acc = acc.plus(dec(v));
    return acc.toFixed(2);
  });
}

/**
 * `£1,234.50` (ui.md): grouped from the exact decimal text, so £99,999,999.99 is
 * never rounded by a double on the way to the page.
 */
export function formatPounds(v: number | string): string {
  const text = moneyText(v);
  const negative = text.startsWith("-");
  const [whole, pence] = text.replace("-", "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}£${grouped}.${pence}`;
}
