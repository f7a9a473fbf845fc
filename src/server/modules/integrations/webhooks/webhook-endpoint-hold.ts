// An endpoint that keeps timing out is held, so its deliveries stop filling the
// webhook slots (each unanswered request holds one for the whole timeout) while
// other endpoints wait. Kept in each process's memory: every process learns it
// from its own attempts within two timeouts, and a restart forgets it harmlessly.
//
// After one timeout the endpoint is suspect: one delivery to it at a time. After
// two in a row it is held for 30 s, doubling with each further timeout up to
// 10 minutes; its deliveries wait out the hold without an attempt being counted.
// When the hold ends one delivery goes as a probe; any answer at all (even an
// error status) ends the suspicion.

export const HOLD_AFTER_TIMEOUTS = 2;
export const FIRST_HOLD_MS = 30_000;
export const MAX_HOLD_MS = 10 * 60_000;

interface Health {
  /** timeouts in a row */
  timeouts: number;
  /** ms since the epoch, on the app's clock */
  heldUntil: number;
  /** deliveries to it in progress in this process */
  inFlight: number;
}

export interface EndpointHolds {
  /** When a delivery to the endpoint may go, if not now (ms on the app's clock); `timeoutMs`: one attempt's limit. */
  waitUntil(endpointId: string, now: number, timeoutMs: number): number | null;
  /** A delivery to it is starting; the returned function says how it ended. */
  start(endpointId: string): (ended: { timedOut: boolean; at: number }) => void;
}

export function holdMs(timeouts: number): number {
  return Math.min(FIRST_HOLD_MS * 2 ** Math.min(timeouts - HOLD_AFTER_TIMEOUTS, 10), MAX_HOLD_MS);
}

export function createEndpointHolds(): EndpointHolds {
  const endpoints = new Map<string, Health>();
  return {
    waitUntil(endpointId, now, timeoutMs) {
      const h = endpoints.get(endpointId);
      if (!h || h.timeouts === 0) return null;
      if (now < h.heldUntil) return h.heldUntil;
      // suspect: one delivery at a time; the others come back once it has had its answer or its timeout
      if (h.inFlight > 0) return now + timeoutMs;
      return null;
    },
    start(endpointId) {
      const h = endpoints.get(endpointId) ?? { timeouts: 0, heldUntil: 0, inFlight: 0 };
      endpoints.set(endpointId, h);
      h.inFlight++;
      return ({ timedOut, at }) => {
        h.inFlight--;
        if (timedOut) {
          h.timeouts++;
          if (h.timeouts >= HOLD_AFTER_TIMEOUTS) h.heldUntil = Math.max(h.heldUntil, at + holdMs(h.timeouts));
        } else {
          h.timeouts = 0;
          h.heldUntil = 0;
        }
        if (h.timeouts === 0 && h.inFlight === 0) endpoints.delete(endpointId);
      };
    },
  };
}
