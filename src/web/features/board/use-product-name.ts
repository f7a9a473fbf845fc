// The network name in the heading "UK's Largest {productName}", from
// GET /api/public-config; the default name while it loads or if it fails.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { pageProductName } from "../../lib/public-config";

export const DEFAULT_PRODUCT_NAME = "Flatbed Network";

export function useProductName(): string {
  const { data } = useQuery({
    queryKey: ["/api/public-config"],
    queryFn: () => api.get<{ productName?: string }>("/api/public-config"),
    staleTime: Infinity,
  });
  return data?.productName?.trim() || pageProductName() || DEFAULT_PRODUCT_NAME;
}
