// The Complete POD form's checks, signature dates included: the schema the server parses, then the server's date rules on the
// carrier's local date-times, so the same words appear under the same fields
// before anything is sent.
import { podDateProblems } from "@contract/load-dates";
import { podInputSchema } from "@contract/schemas/pod";
import { fromLocalInput } from "./pod-dates";

export const podFormSchema = podInputSchema.omit({ signedPaperworkUrl: true }).superRefine((v, ctx) => {
  const dates = { pickupSignedDate: fromLocalInput(v.pickupSignedDate), deliverySignedDate: fromLocalInput(v.deliverySignedDate) };
  for (const p of podDateProblems({ ...dates, now: new Date() })) ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
});
