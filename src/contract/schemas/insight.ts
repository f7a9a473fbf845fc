// Staff insight: loads posted, booked and completed per week, share of loads
// booked within 24 h, median time to book, spend per week. GET /api/insight,
// staff only. Weeks are UK weeks: Monday 00:00 to Monday 00:00 Europe/London, BST
// or GMT. Decisions: docs/decisions/0018-insight.md.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { INSIGHT_DEFAULT_WEEKS, INSIGHT_MAX_WEEKS } from "../insight-weeks";

export { INSIGHT_DEFAULT_WEEKS, INSIGHT_MAX_WEEKS, INSIGHT_WEEK_CHOICES } from "../insight-weeks";

const WEEKS_MSG = `Please choose between 1 and ${INSIGHT_MAX_WEEKS} weeks`;

export const insightQuerySchema = z.object({
  weeks: z.coerce
    .number(WEEKS_MSG)
    .int(WEEKS_MSG)
    .min(1, WEEKS_MSG)
    .max(INSIGHT_MAX_WEEKS, WEEKS_MSG)
    .default(INSIGHT_DEFAULT_WEEKS),
});
export type InsightQuery = z.output<typeof insightQuerySchema>;

const figuresSchema = z.object({
  /** loads created in the period */
  posted: z.number().int().min(0),
  /** loads booked (accepted, approved or completed now) by the time they were accepted */
  booked: z.number().int().min(0),
  /** loads completed, by the time they were completed */
  completed: z.number().int().min(0),
  /**
   * Of the loads posted in the period, the share (0–1, 4 decimals) booked within
   * 24 hours of being posted; null when none were posted (a share of nothing).
   */
  bookedWithin24h: z.number().min(0).max(1).nullable(),
  /** how many of the loads posted were booked within 24 hours (the share's numerator) */
  bookedWithin24hCount: z.number().int().min(0),
  /** of the loads booked in the period: the median of booked − posted, in hours (2 decimals); null when none */
  medianHoursToBook: z.number().nullable(),
  /** sum of the price of the loads completed in the period, £, exact to the penny */
  spend: z.number(),
});

export const insightWeekSchema = figuresSchema.extend({
  /** the week's Monday, a UK calendar day "YYYY-MM-DD" (the week is that Monday 00:00 to the next, UK time) */
  weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type InsightWeek = z.infer<typeof insightWeekSchema>;

export const insightSchema = z.object({
  weeks: z.number().int().min(1).max(INSIGHT_MAX_WEEKS),
  timeZone: z.literal("Europe/London"),
  /** first day of the first week and last day of the last (the current, still running) week */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** oldest first, one row a week, weeks with nothing in them included (zeros) */
  rows: z.array(insightWeekSchema),
  /** the same figures over the whole period (the median and share over all its loads, not of the weeks) */
  totals: figuresSchema,
});
export type Insight = z.infer<typeof insightSchema>;
