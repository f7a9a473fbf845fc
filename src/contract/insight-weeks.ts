// The staff insight page's periods, apart from the zod schemas in schemas/insight.ts
// so the web page can read them without loading zod's code on its own.
export const INSIGHT_DEFAULT_WEEKS = 12;
/** two years of weeks: enough for a year-on-year look, bounded like every list */
export const INSIGHT_MAX_WEEKS = 104;
/** the page's weeks selector */
export const INSIGHT_WEEK_CHOICES = [4, 12, 26, 52] as const;
