// The board filter bar's choices: the five selects with their labels and options,
// the bands coming from the contract (contract/constants.ts). Shared by the sheet
// that holds the fields and the chips that name what is chosen.
import { DISTANCE_BANDS, EQUIPMENT_TYPES, PRICE_BANDS, WEIGHT_BANDS, type Band } from "@contract/constants";

/** the load status filter's values */
const STATUS_OPTIONS = [
  { value: "all", label: "All Statuses" },
  { value: "available", label: "Available" },
  { value: "accepted", label: "Accepted" },
  { value: "approved", label: "Approved" },
  { value: "completed", label: "Completed" },
  { value: "cancelled", label: "Cancelled" },
];

export type SelectKey = "weight" | "distance" | "price" | "status" | "equipmentType";

const bandOptions = (all: string, bands: Band[]) => [{ value: "all", label: all }, ...bands.map((b) => ({ value: b.key, label: b.label }))];
export const SELECTS: { key: SelectKey; label: string; options: { value: string; label: string }[] }[] = [
  { key: "weight", label: "Weight Range", options: bandOptions("All Weights", WEIGHT_BANDS) },
  { key: "distance", label: "Distance", options: bandOptions("All Distances", DISTANCE_BANDS) },
  { key: "price", label: "Price Range", options: bandOptions("All Prices", PRICE_BANDS) },
  { key: "status", label: "Load Status", options: STATUS_OPTIONS },
  { key: "equipmentType", label: "Equipment Type", options: [{ value: "all", label: "All Equipment" }, ...EQUIPMENT_TYPES.map((e) => ({ value: e, label: e }))] },
];
