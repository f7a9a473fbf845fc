import { z } from "zod";
import { DAYS_OF_WEEK } from "../constants";
import { MSG } from "../messages";

export const emailScheduleSchema = z.object({
  enabled: z.boolean(),
  frequency: z.enum(["daily", "weekly"]),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeFormat),
  daysOfWeek: z.array(z.enum(DAYS_OF_WEEK)).max(7),
});
export type EmailScheduleInput = z.infer<typeof emailScheduleSchema>;

export interface EmailScheduleSettings extends EmailScheduleInput {
  lastSentAt: string | null;
}

export interface BulkEmailResult {
  successCount: number;
  totalLoads: number;
}
