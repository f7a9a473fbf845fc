// Dialogs and pages loaded on first use, so the first page a carrier opens carries
// only the code it shows (first-load JS ≤ 170 KB gzipped).
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  return lazy(async () => ({ default: (await whenLoaded(load))[name] as ComponentType<any> })) as unknown as M[K];
}

/**
 * A chunk asked for with no signal is asked for again when the signal returns: the part
 * stays unshown meanwhile (its Suspense fallback) instead of throwing, which would put the
 * error page over a board a driver was reading offline. Other failures still throw.
 */
export function whenLoaded<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((e: unknown) =>
    navigator.onLine ? Promise.reject(e) : new Promise<T>((loaded) => window.addEventListener("online", () => loaded(whenLoaded(load)), { once: true })),
  );
}

/** Render a lazily loaded dialog; nothing shows while its code arrives. */
export function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
