// "This phone may hold a POD waiting to send" as one localStorage flag (issue
// 21), so the board and app start load the outbox code (IndexedDB, the sender)
// only when there may be something in it: no first-load JavaScript for the
// drivers who have nothing queued, which is nearly always. Set by the page when
// it queues a POD; cleared when the page finds the outbox empty. (The service
// worker has no localStorage: a flag it leaves set after sending only costs
// one look at an empty outbox.)
const KEY = "pod-outbox-pending";

export function podsMayBeQueued(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function notePodsQueued(any: boolean): void {
  try {
    if (any) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // no storage (private mode): the outbox is still read when the POD dialog opens
  }
}
