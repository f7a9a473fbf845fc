// Lane rates: the
// median and quartiles of what booked loads on one lane paid per mile, worked out
// by the database in one statement. The lane is the pair of postcode areas (the
// letters of the stored, normalised postcode: "LS1 4AP" → "LS"); the expressions
// below are the ones the partial index loads_lane_idx is built on (schema.ts),
// so a lookup reads only that lane's bookings since the window's start.
import { and, eq, gt, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import type { EquipmentType } from "../../../contract/constants";

/** A stored postcode's area, as SQL: word for word the expression loads_lane_idx indexes. */
export const pickupAreaSql: SQL = sql`substring(${loads.pickupZip} from '^[A-Z]+')`;
export const deliveryAreaSql: SQL = sql`substring(${loads.deliveryZip} from '^[A-Z]+')`;

/** contract: a load counts as booked once accepted, and stays booked when approved or completed */
const BOOKED = ["accepted", "approved", "completed"] as const;

export interface LaneFigures {
  count: number;
  /** rounded half up to the penny by the database, as numeric text ("2.10"); null with no bookings */
  p25: string | null;
  median: string | null;
  p75: string | null;
}

export async function selectLaneFigures(
  db: DbOrTx,
  lane: { pickupArea: string; deliveryArea: string; equipmentType: EquipmentType | null; since: Date },
): Promise<LaneFigures> {
  // price is the booked price: an awarded bid becomes the load's price,
  // so this is what the carrier is paid. numeric ÷ integer is exact to 16 places;
  // percentile_cont interpolates in float8, and the result is rounded as numeric.
  const rate = sql`(${loads.price} / ${loads.distance})::float8`;
  const pct = (f: "0.25" | "0.5" | "0.75") =>
    sql<string | null>`round((percentile_cont(${sql.raw(f)}) within group (order by ${rate}))::numeric, 2)::text`;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, p25: pct("0.25"), median: pct("0.5"), p75: pct("0.75") })
    .from(loads)
    .where(
      and(
        eq(pickupAreaSql, lane.pickupArea),
        eq(deliveryAreaSql, lane.deliveryArea),
        // by the time of booking (contract): a load booked before the window counts not, however late it completed
        gte(loads.acceptedAt, lane.since),
        inArray(loads.status, BOOKED),
        // a rate needs a distance; a £0 booking is no rate either (decision note)
        gt(loads.distance, 0),
        gt(loads.price, 0),
        lane.equipmentType ? eq(loads.equipmentType, lane.equipmentType) : undefined,
      ),
    );
  return { count: Number(row?.count ?? 0), p25: row?.p25 ?? null, median: row?.median ?? null, p75: row?.p75 ?? null };
}

export type LoadLane = Pick<LoadRow, "status" | "acceptedBy" | "acceptedByCarrier" | "pickupZip" | "deliveryZip" | "equipmentType">;

/** What the lane of one load needs, and who may see it (load-visibility canSeeLoad): nothing else is read. */
export async function selectLoadLane(db: DbOrTx, id: string): Promise<LoadLane | undefined> {
  const [row] = await db
    .select({
      status: loads.status,
      acceptedBy: loads.acceptedBy,
      acceptedByCarrier: loads.acceptedByCarrier,
      pickupZip: loads.pickupZip,
      deliveryZip: loads.deliveryZip,
      equipmentType: loads.equipmentType,
    })
    .from(loads)
    .where(eq(loads.id, id));
  return row;
}
