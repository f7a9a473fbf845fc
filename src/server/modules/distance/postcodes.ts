// UK postcodes → district (outcode) centroids for distance estimates (issue 5).
// The table is operator-supplied open data (contract POSTCODE_DATA, CSV
// `outcode,latitude,longitude,town`); it is read lazily, once per path, and never
// copied into the repository.
import { readFile } from "node:fs/promises";

export interface Point {
  lat: number;
  lon: number;
}

export interface PostcodeTable {
  outcodes: Map<string, Point & { town: string }>;
  /** mean centroid of each postcode area ("LS", "BT", "W"): the fallback for an outcode not in the table */
  areas: Map<string, Point>;
}

export interface ParsedPostcode {
  /** outward code, upper case, no spaces: "LS1", "SW1A" */
  outward: string;
  /** postcode area: the letters that start the outward code ("LS", "SW") */
  area: string;
}

// Outward code: 1–2 letters, a digit, then an optional digit or letter (A9, A99,
// AA9, AA99, A9A, AA9A). Inward code: a digit and two letters.
const OUTWARD = /^([A-Z]{1,2})\d[A-Z\d]?$/;
const FULL = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;

/**
 * Accepts a full postcode or an outward code, in any case and spacing:
 * "ls14ap", "LS1 4AP", " ls1 ". Returns null when it cannot be a UK postcode.
 */
export function parsePostcode(input: string): ParsedPostcode | null {
  const s = input.toUpperCase().replace(/\s+/g, "");
  if (s.length < 2 || s.length > 7) return null;
  const full = FULL.exec(s);
  const outward = full ? full[1] : OUTWARD.test(s) ? s : null;
  if (!outward) return null;
  return { outward, area: OUTWARD.exec(outward)![1] };
}

/** Centroid of a parsed postcode: its district, else the mean of its area, else null (unknown). */
export function locate(table: PostcodeTable, p: ParsedPostcode): Point | null {
  const hit = table.outcodes.get(p.outward);
  if (hit) return { lat: hit.lat, lon: hit.lon };
  return table.areas.get(p.area) ?? null;
}

export function parsePostcodeCsv(text: string): PostcodeTable {
  const outcodes = new Map<string, Point & { town: string }>();
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const [rawCode, rawLat, rawLon, ...town] = line.split(",");
    const code = rawCode?.trim().toUpperCase();
    const lat = Number(rawLat);
    const lon = Number(rawLon);
    // skips the header and any malformed row
    if (!code || !OUTWARD.test(code) || !Number.isFinite(lat) || !Number.isFinite(lon) || rawLat?.trim() === "") continue;
    outcodes.set(code, { lat, lon, town: town.join(",").trim() });
    const area = OUTWARD.exec(code)![1];
    const s = sums.get(area) ?? { lat: 0, lon: 0, n: 0 };
    s.lat += lat;
    s.lon += lon;
    s.n++;
    sums.set(area, s);
  }
  const areas = new Map<string, Point>();
  for (const [area, s] of sums) areas.set(area, { lat: s.lat / s.n, lon: s.lon / s.n });
  return { outcodes, areas };
}

const tables = new Map<string, Promise<PostcodeTable | null>>();

/** The table at `path`, read once per process; null when there is none (→ 503). */
export function loadPostcodeTable(path: string | undefined): Promise<PostcodeTable | null> {
  if (!path) return Promise.resolve(null);
  let table = tables.get(path);
  if (!table) {
    table = readFile(path, "utf8").then(
      (text) => {
        const t = parsePostcodeCsv(text);
        return t.outcodes.size > 0 ? t : null;
      },
      () => {
        // not installed (yet): try again on the next request rather than caching the absence
        tables.delete(path);
        return null;
      },
    );
    tables.set(path, table);
  }
  return table;
}
