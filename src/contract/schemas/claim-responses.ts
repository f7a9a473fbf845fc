// Answers of the waiting-time claim calls as zod schemas, for the OpenAPI
// document; each is checked at compile time to be exactly its contract interface.
import { z } from "zod";
import { CLAIM_STATUSES, STOPS, STOP_EVIDENCE, type WaitingClaim, type WaitingTimeSettings } from "./claim";

const instant = () => z.string().describe("ISO-8601 instant (UTC)");

export const waitingClaimResponseSchema = z
  .object({
    id: z.string(),
    loadId: z.string(),
    loadNumber: z.string(),
    companyId: z.string(),
    companyName: z.string().describe("the carrier company's name as it is now"),
    stop: z.enum(STOPS),
    arrivedAt: instant(),
    departedAt: instant(),
    evidence: z.enum(STOP_EVIDENCE).describe("how the arrival was backed: the phone's position, declared, or entered by staff"),
    minutes: z.number().describe("departure − arrival, whole minutes (a part minute is not counted)"),
    chargeableMinutes: z.number().describe("max(0, minutes − free minutes), at most max hours × 60"),
    amount: z.number().describe("pounds: chargeable minutes / 60 × rate per hour, half up to the penny"),
    status: z.enum(CLAIM_STATUSES),
    decidedAmount: z.number().nullable().describe("what staff approved (at most the amount); null unless approved"),
    note: z.string().nullable().describe("the carrier's note"),
    reason: z.string().nullable().describe("staff's reason for a lower amount or a rejection"),
    createdAt: instant(),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable().describe("the name of the staff member who decided"),
  })
  .meta({ id: "WaitingClaim" });

export const waitingTimeSettingsResponseSchema = z
  .object({ freeMinutes: z.number(), ratePerHour: z.number(), maxHours: z.number(), claimDays: z.number() })
  .meta({ id: "WaitingTimeSettings" });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof waitingClaimResponseSchema>, WaitingClaim>>();
same<Same<z.infer<typeof waitingTimeSettingsResponseSchema>, WaitingTimeSettings>>();
