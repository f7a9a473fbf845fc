// The Complete POD dialog shows the contract's date messages under the fields.
import { describe, expect, it } from "vitest";
import { podFormSchema, podFormValues } from "./pod-form";

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

describe("Complete POD form opens", () => {
  const unsigned = { pickupSignedBy: null, pickupSignedDate: null, deliverySignedBy: null, deliverySignedDate: null };
  const now = new Date(2026, 10, 27, 14, 37, 45); // 27 Nov 2026 14:37:45, the browser's own time
  it("with 'Date and time signed' as now, to the minute, where nothing is signed yet", () => {
    expect(podFormValues(unsigned, now)).toEqual({ pickupSignedBy: "", pickupSignedDate: "2026-11-27T14:37", deliverySignedBy: "", deliverySignedDate: "2026-11-27T14:37" });
    // and now passes the form's own date rules (not "in the future")
    expect(issues({ pickupSignedDate: podFormValues(unsigned, new Date()).pickupSignedDate, deliverySignedDate: podFormValues(unsigned, new Date()).deliverySignedDate })).toEqual([]);
  });
  it("with what the load already holds where it is signed", () => {
    const pickedUp = new Date(2026, 10, 27, 8, 5).toISOString();
    expect(podFormValues({ ...unsigned, pickupSignedBy: "Sam Loader", pickupSignedDate: pickedUp }, now)).toMatchObject({
      pickupSignedBy: "Sam Loader",
      pickupSignedDate: "2026-11-27T08:05",
      deliverySignedDate: "2026-11-27T14:37",
    });
  });
});
