// Answers of the trucks calls as zod schemas, for the OpenAPI document; each is
// checked at compile time to be exactly its contract type.
import { z } from "zod";
import { EQUIPMENT_TYPES } from "../constants";
import { loadSchema } from "./api-responses";
import { TRUCK_STATUSES, type MatchedLoad, type Truck } from "./truck";

export const truckSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    availableOn: z.string().describe("YYYY-MM-DD, a UK day"),
    availableUntil: z.string().nullable().describe("YYYY-MM-DD; null: that one day"),
    originPostcode: z.string(),
    destinationPostcode: z.string().nullable().describe("null: anywhere"),
    equipmentType: z.enum(EQUIPMENT_TYPES),
    maxWeightKg: z.number(),
    notes: z.string().nullable(),
    status: z.enum(TRUCK_STATUSES).describe("expired: its last UK day is over"),
    createdAt: z.string().describe("ISO-8601 instant (UTC)"),
  })
  .meta({ id: "Truck" });

export const matchedLoadSchema = loadSchema
  .extend({ emptyMiles: z.number().nullable().describe("road miles (estimate) from the truck's origin, or the booked load's delivery, to the pickup district") })
  .meta({ id: "MatchedLoad" });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof truckSchema>, Truck>>();
same<Same<z.infer<typeof matchedLoadSchema>, MatchedLoad>>();
