// Answers of the stop calls, as types and as zod schemas for the OpenAPI document;
// each schema is checked at compile time to be exactly its interface.
import { z } from "zod";
import { STOPS, STOP_EVIDENCE, type LoadStops, type Stop, type StopEvidence, type StopRecord } from "./claim";

export type StopKind = "arrival" | "departure";

/** POST /api/loads/{id}/stops/{stop}/arrival|departure → 200: this time and how it is backed, and the load's stops after it. */
export interface StopEventResult {
  stop: Stop;
  kind: StopKind;
  /** the time recorded (the server's when none was sent; one sent up to 2 minutes ahead is taken as the server's) */
  at: string;
  /** of this time: position, declared, or staff for a staff entry */
  evidence: StopEvidence;
  stops: LoadStops;
}

/** GET /api/loads/{id}/stops/positions (staff): a position sent with a stop time, kept 30 days. */
export interface StopPosition {
  stop: Stop;
  kind: StopKind;
  lat: number;
  lng: number;
  accuracyM: number;
  /** miles from the centre of the stop's postcode district; null when the district is not known */
  distanceMiles: number | null;
  userName: string | null;
  createdAt: string;
}

const instant = () => z.string().describe("ISO-8601 instant (UTC)");

export const stopRecordSchema = z
  .object({
    arrivedAt: instant().nullable(),
    departedAt: instant().nullable(),
    evidence: z.enum(STOP_EVIDENCE).nullable().describe("how the arrival (or, with none, the departure) was backed; null before anything is recorded"),
  })
  .meta({ id: "StopRecord" });

export const loadStopsSchema = z.object({ pickup: stopRecordSchema, delivery: stopRecordSchema }).meta({ id: "LoadStops" });

export const stopEventResultSchema = z
  .object({ stop: z.enum(STOPS), kind: z.enum(["arrival", "departure"]), at: instant(), evidence: z.enum(STOP_EVIDENCE), stops: loadStopsSchema })
  .meta({ id: "StopEventResult" });

export const stopPositionSchema = z
  .object({
    stop: z.enum(STOPS),
    kind: z.enum(["arrival", "departure"]),
    lat: z.number(),
    lng: z.number(),
    accuracyM: z.number(),
    distanceMiles: z.number().nullable(),
    userName: z.string().nullable(),
    createdAt: instant(),
  })
  .meta({ id: "StopPosition" });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof stopRecordSchema>, StopRecord>>();
same<Same<z.infer<typeof loadStopsSchema>, LoadStops>>();
same<Same<z.infer<typeof stopEventResultSchema>, StopEventResult>>();
same<Same<z.infer<typeof stopPositionSchema>, StopPosition>>();
