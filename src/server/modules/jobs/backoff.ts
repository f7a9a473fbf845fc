// When a failed job is tried again (a worker sends it with back-off for at
// least 24 hours). Doubling from 30 s up to one hour between attempts;
// a job is given up ("failed") only once a failed attempt ends at or after its
// retry_until, set 24 h after it was written (or resent). Mail held up by an
// unreachable SMTP server does not wait for its next slot: the mail kind pulls
// it forward as soon as the server answers again (mail-job.ts).

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;
/** how long a job keeps being retried before it is failed */
export const RETRY_FOR_MS = 24 * 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1 → 30 s, 2 → 1 min, … capped at 1 h). */
export function retryDelayMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  // 2^17 × 30 s is far past the cap: stop doubling before the number grows silly
  return Math.min(FIRST_RETRY_MS * 2 ** Math.min(n - 1, 17), MAX_RETRY_MS);
}
