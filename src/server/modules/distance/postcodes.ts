// UK postcodes → district (outcode) centroids for distance estimates.
// The table is operator-supplied open data (POSTCODE_DATA, docs/deployment.md; CSV
// `outcode,latitude,longitude,town`); it is read lazily, once per path, and never
// copied into the repository. Postcodes are read by the contract's parser
// (src/contract/postcode.ts), the one the load form and the loads API use.
import { readFile } from "node:fs/promises";
import { OUTWARD_CODE as OUTWARD, parsePostcode, type ParsedPostcode } from "../../../contract/postcode";

export interface Point {
  lat: number;
  lon: number;
}

export interface PostcodeTable {
  outcodes: Map<string, Point & { town: string }>;
  /** mean centroid of each postcode area ("LS", "BT", "W"): the fallback for an outcode not in the table */
  areas: Map<string, Point>;
}

export type { ParsedPostcode };
export { parsePostcode };

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
