// The Complete POD form's checks, signature dates included: the schema the server parses, then the server's date rules on the
// carrier's local date-times, so the same words appear under the same fields
// before anything is sent.
import { podDateProblems } from "@contract/load-dates";
import { podInputSchema } from "@contract/schemas/pod";
import { fromLocalInput, toLocalInput } from "./pod-dates";

export const podFormSchema = podInputSchema.omit({ signedPaperworkUrl: true }).superRefine((v, ctx) => {
  const dates = { pickupSignedDate: fromLocalInput(v.pickupSignedDate), deliverySignedDate: fromLocalInput(v.deliverySignedDate) };
  for (const p of podDateProblems({ ...dates, now: new Date() })) ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
});

/** The Complete POD form's fields as typed: date-times are datetime-local values. */
export interface PodFormValues {
  pickupSignedBy: string;
  pickupSignedDate: string;
  deliverySignedBy: string;
  deliverySignedDate: string;
}

/**
 * What the form opens with: what the load already holds, and "Date and time signed"
 * as now where nothing is recorded yet: a driver at the gate signs now, and can
 * still change it. Now is cut to the minute the field shows, so it is never in the future.
 */
export function podFormValues(
  load: { pickupSignedBy: string | null; pickupSignedDate: string | null; deliverySignedBy: string | null; deliverySignedDate: string | null },
  now: Date,
): PodFormValues {
  const nowValue = toLocalInput(now.toISOString());
  return {
    pickupSignedBy: load.pickupSignedBy ?? "",
    pickupSignedDate: toLocalInput(load.pickupSignedDate) || nowValue,
    deliverySignedBy: load.deliverySignedBy ?? "",
    deliverySignedDate: toLocalInput(load.deliverySignedDate) || nowValue,
  };
}
