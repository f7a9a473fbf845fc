// The import template (downloaded from the import dialog): every column of the
// import, in the order of IMPORT_COLUMNS, and one
// example load a week ahead (UK day), so each cell shows the format it wants.
import { stringify } from "csv-stringify/sync";
import { IMPORT_COLUMNS } from "../../../../contract/schemas/load-import";
import { ukDayKey } from "../../../../contract/wall-clock";

export function importTemplateCsv(now: Date): string {
  const pickup = ukDayKey(now.getTime() + 7 * 86_400_000);
  const delivery = ukDayKey(now.getTime() + 8 * 86_400_000);
  const example: Record<string, string> = {
    pickupAddress: "Unit 4, Trafalgar Way",
    pickupCity: "Leeds",
    pickupState: "West Yorkshire",
    pickupZip: "LS1 4AP",
    pickupDate: pickup,
    pickupTimeType: "exact",
    pickupStartTime: "09:00",
    pickupContact: "Sam Yard 0113 496 0000",
    deliveryCity: "Bristol",
    deliveryState: "Bristol",
    deliveryZip: "BS1 4DJ",
    deliveryDate: delivery,
    deliveryTimeType: "between",
    deliveryStartTime: "08:00",
    deliveryEndTime: "12:00",
    weight: "12000",
    length: "13.6",
    price: "850.00",
    cargoType: "Steel coils",
    equipmentType: "Flatbed",
    isUrgent: "no",
    edgeProtectors: "yes",
    forsRequirement: "Silver",
  };
  return stringify([IMPORT_COLUMNS, IMPORT_COLUMNS.map((c) => example[c] ?? "")], { record_delimiter: "\r\n" });
}
