// State kept in sessionStorage for this browser tab, so the admin dashboard's
// filters and open tab survive a reload (ui.md: filters that stay put).
import { useCallback, useState } from "react";

const STORE_KEY = "admin-dashboard";

/** Filters and the open tab survive a reload in this browser tab (ui.md: filters that stay put). */
export function useStoredState<T>(key: string, initial: T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = sessionStorage.getItem(`${STORE_KEY}.${key}`);
      return raw ? ({ ...initial, ...JSON.parse(raw) } as T) : initial;
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (v: T) => {
      setValue(v);
      try {
        sessionStorage.setItem(`${STORE_KEY}.${key}`, JSON.stringify(v));
      } catch {
        // private mode: the filters still work, they just do not survive a reload
      }
    },
    [key],
  );
  return [value, set];
}
