// Small public settings the pages show (contract env PRODUCT_NAME, NEW_USER_MAILBOX):
// GET /api/public-config → {productName, newUserMailbox}. While it loads, or if it
// fails, the contract's defaults. The board reads the same cache entry, so the raw
// body is cached and each reader normalises it with `select`.
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";

export interface PublicConfig {
  productName: string;
  newUserMailbox: string;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = { productName: "Flatbed Network", newUserMailbox: "newusers@localhost" };

function normalise(body: unknown): PublicConfig {
  const b = (body && typeof body === "object" ? body : {}) as Partial<Record<keyof PublicConfig, unknown>>;
  const text = (v: unknown, fallback: string) => (typeof v === "string" && v.trim() ? v.trim() : fallback);
  return {
    productName: text(b.productName, DEFAULT_PUBLIC_CONFIG.productName),
    newUserMailbox: text(b.newUserMailbox, DEFAULT_PUBLIC_CONFIG.newUserMailbox),
  };
}

/** The name the server wrote into a prerendered page (board.html), so the app's first render draws what the HTML showed. */
export const pageProductName = (): string | undefined =>
  (typeof document === "undefined" ? undefined : document.getElementById("root")?.dataset.productName?.trim()) || undefined;

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ["/api/public-config"],
    queryFn: () => api.get<unknown>("/api/public-config"),
    staleTime: Infinity,
    select: normalise,
  });
  if (data) return data;
  const fromPage = pageProductName();
  return fromPage ? { ...DEFAULT_PUBLIC_CONFIG, productName: fromPage } : DEFAULT_PUBLIC_CONFIG;
}
