// The bid form reads pounds as people type them and says so in plain words.
import { describe, expect, it } from "vitest";
import { bidFormSchema } from "./components/bid-dialog";

const messages = (amount: string) => {
  const r = bidFormSchema.safeParse({ amount, notes: "" });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("the bid form's amount", () => {
  it("takes 1,100 as £1,100 and 1100.50 as it is", () => {
    expect(messages("1,100")).toEqual([]);
    expect(messages("£1,100.50")).toEqual([]);
    expect(messages("1100.50")).toEqual([]);
  });
  it("says how to write pounds when the text is not an amount, and the spec's words below 0.01", () => {
    expect(messages("1,1")).toEqual(["Enter the amount in pounds, e.g. 1100"]);
    expect(messages("eleven hundred")).toEqual(["Enter the amount in pounds, e.g. 1100"]);
    expect(messages("0")).toEqual(["Bid amount must be greater than 0"]);
    expect(messages("")).toEqual(["Bid amount must be greater than 0"]);
  });
});
