// The Complete POD dialog shows the contract's date messages under the fields.
import { describe, expect, it } from "vitest";
import { podFormSchema } from "./pod-form";

const fields = { pickupSignedBy: "Sam Loader", deliverySignedBy: "Dee Receiver" };
const issues = (v: Record<string, string>) => {
  const r = podFormSchema.safeParse({ ...fields, ...v });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("Complete POD form dates", () => {
  it("a pickup signed in 2030 and a delivery in 2020 get the server's words under their fields", () => {
    expect(issues({ pickupSignedDate: "2030-01-01T09:00", deliverySignedDate: "2020-01-01T09:00" })).toEqual([
      { path: "pickupSignedDate", message: "Pickup signature date cannot be in the future" },
      { path: "deliverySignedDate", message: "Delivery signature date cannot be before the pickup signature date" },
    ]);
  });
  it("dates in order in the past pass; the required messages are still the spec's", () => {
    expect(issues({ pickupSignedDate: "2024-05-01T09:00", deliverySignedDate: "2024-05-01T15:00" })).toEqual([]);
    expect(issues({ pickupSignedDate: "", deliverySignedDate: "" }).map((i) => i.message)).toEqual(["Pickup date required", "Delivery date required"]);
  });
});
