// Dialogs and pages loaded on first use, so the first page a carrier opens carries
// only the code it shows (first-load JS ≤ 170 KB gzipped).
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as unknown as M[K];
}

/** Render a lazily loaded dialog; nothing shows while its code arrives. */
export function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
