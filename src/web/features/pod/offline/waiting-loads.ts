// Which loads have a POD waiting on this phone (the board shows the load as
// "POD waiting to send" until the server confirms). A tiny store with
// no imports, so the board's first load carries only this; the outbox panel,
// loaded after the board, reads IndexedDB and fills it in.
import { useSyncExternalStore } from "react";

let waiting: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

export function setWaitingLoads(ids: Iterable<string>): void {
  waiting = new Set(ids);
  for (const l of listeners) l();
}

export function useWaitingLoads(): ReadonlySet<string> {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => waiting,
    () => waiting,
  );
}
