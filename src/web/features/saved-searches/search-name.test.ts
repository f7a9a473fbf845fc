// The saved-search name's limit: said in the hint, named in the error with the
// length typed, and a long suggested name cut to fit at a word.
import { describe, expect, it } from "vitest";
import { savedSearchInputSchema, SAVED_SEARCH_NAME_MAX } from "@contract/schemas/saved-search";
import { nameHint, nameProblem, suggestedName } from "./search-name";

describe("saved search name", () => {
  it("counts towards the contract's limit in the hint", () => {
    expect(SAVED_SEARCH_NAME_MAX).toBe(100);
    expect(nameHint("Leeds to Bristol")).toBe("16 of 100 characters");
    expect(nameHint("  Tŷ Gwyn ")).toBe("7 of 100 characters");
  });

  it("names the limit and the length when it is passed, as the API does", () => {
    expect(nameProblem("x".repeat(100))).toBeNull();
    expect(nameProblem("x".repeat(123))).toBe("A name can be at most 100 characters (this one has 123)");
    expect(nameProblem("   ")).toBe("Please give the search a name");
    const api = savedSearchInputSchema.shape.name.safeParse("x".repeat(101));
    expect(api.success).toBe(false);
    expect(api.error?.issues[0].message).toBe("A name can be at most 100 characters");
  });

  it("cuts a long suggested name at a word, within the limit", () => {
    const long = Array.from({ length: 30 }, (_, i) => `Area${i}`).join(", ");
    const name = suggestedName(long);
    expect([...name].length).toBeLessThanOrEqual(100);
    expect(name.endsWith("…")).toBe(true);
    expect(nameProblem(name)).toBeNull();
    expect(long.startsWith(name.slice(0, -1))).toBe(true);
    expect(name).toMatch(/Area\d+…$/);
    expect(suggestedName("Leeds to Bristol")).toBe("Leeds to Bristol");
  });
});
