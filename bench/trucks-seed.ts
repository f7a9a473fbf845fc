// Loads spread over real postcode districts (data/uk-outcodes.csv) and the next 60
// days, by generate_series: what truck matches and return loads are timed against
// (bench/trucks.ts) and explained (modules/trucks/truck-explain.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";

const ROOT = new URL("..", import.meta.url).pathname;

/** Every outcode of the shipped table (about 2,900). */
export function districts(): string[] {
  return readFileSync(join(ROOT, "data", "uk-outcodes.csv"), "utf8")
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(",")[0]?.trim())
    .filter((c): c is string => !!c && /^[A-Z]{1,2}\d[A-Z\d]?$/.test(c));
}

/**
 * `count` loads numbered after `start`, as a network with history: two in five
 * available, picked up over the next 30 days at any hour; the rest completed or
 * cancelled over the past year. Each in a district of the table (spread evenly, so a
 * London radius holds hundreds of districts) delivered to another; Flatbed, Curtain
 * and MOL a third each, independent of the day; weights 0–26 t, one in 20 unstated.
 */
export async function seedSpreadLoads(database: Database, start: number, count: number): Promise<void> {
  const all = districts();
  const codes = `{${all.join(",")}}`;
  const n = all.length;
  // statements of 10,000 rows: each well inside a busy test database's statement timeout
  const chunk = 10_000;
  for (let from = start; from < start + count; from += chunk) {
    const to = Math.min(start + count, from + chunk) - 1;
    await database.db.execute(sql`
      insert into loads (load_number, status, pickup_city, pickup_zip, delivery_city, delivery_zip,
        pickup_date, delivery_date, weight, distance, price, rate_per_mile, equipment_type, cargo_type)
      select 'TK-' || lpad(g::text, 7, '0'), s.status,
        'Town', (${codes}::text[])[1 + (g::bigint * 7919) % ${n}::int] || ' 1AA',
        'Town', (${codes}::text[])[1 + (g::bigint * 104729) % ${n}::int] || ' 2BB',
        s.pickup, s.pickup + interval '1 day',
        case when g % 20 = 0 then null else (g * 37) % 26000 end,
        20 + (g * 13) % 700, 300 + (g * 17) % 6000, round(((300 + (g * 17) % 6000)::numeric / (20 + (g * 13) % 700)), 2),
        (array['Flatbed','Curtain','MOL'])[1 + (g / 150) % 3], 'Steel'
      from generate_series(${from}::int, ${to}::int) g,
        lateral (select case when g % 5 < 2 then 'available' when g % 5 < 4 then 'completed' else 'cancelled' end as status,
          case when g % 5 < 2 then date_trunc('day', now()) + ((g / 5) % 30) * interval '1 day' + ((g * 13) % 24) * interval '1 hour'
            else date_trunc('day', now()) - (1 + (g / 5) % 365) * interval '1 day' end as pickup) s`);
  }
  await database.db.execute(sql`vacuum analyze loads`);
}
