// The network's name printed on the POD document (GET /api/public-config).
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const DEFAULT_PRODUCT_NAME = "Flatbed Network";

export function useProductName(): string {
  const { data } = useQuery({
    queryKey: ["/api/public-config"],
    queryFn: () => api.get<{ productName?: string }>("/api/public-config"),
    staleTime: Infinity,
  });
  return data?.productName?.trim() || DEFAULT_PRODUCT_NAME;
}
