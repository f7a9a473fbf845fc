// navigator.onLine as state: the board says it is offline, and Accept says at once
// that it needs a signal (polling resumes by itself when the connection is back).
import { useSyncExternalStore } from "react";

function subscribe(cb: () => void): () => void {
  window.addEventListener("online", cb);
  window.addEventListener("offline", cb);
  return () => {
    window.removeEventListener("online", cb);
    window.removeEventListener("offline", cb);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Why Accept does nothing without a signal: a booking is made with the office
 * there and then, never queued to go later (only a POD and stop times wait on the phone).
 */
export const ACCEPT_OFFLINE = {
  title: "No signal: the load was not accepted",
  description: "Accepting a load needs a signal. Nothing was sent; try again when you are connected.",
} as const;
