import { describe, expect, it } from "vitest";
import { linesToShow } from "./components/invoice-lines";

const price = { description: "Haulage of load FN-2026-829: Leeds to Southampton", amount: 850 };
const claim = { description: "Waiting time at delivery: 1 h 15 min beyond 2 h free", amount: 37.5 };

describe("invoice lines shown in the lists", () => {
  it("shows nothing more for an invoice that is only the load's price", () => {
    expect(linesToShow({ lines: [price] })).toEqual([]);
  });
  it("shows every line when a claim was added, and the lone line of a claim invoice", () => {
    expect(linesToShow({ lines: [price, claim] })).toEqual([price, claim]);
    expect(linesToShow({ lines: [claim] })).toEqual([claim]);
  });
});
