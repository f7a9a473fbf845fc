// Plain English for every check the contract's schemas do not word themselves:
// zod's own wording ("Invalid input: expected string, received
// undefined", "Too big: expected string to have <=200 characters") never reaches a
// person, in a form or in the API's `details`. A schema's own message (the words of
// messages.ts, set on the field) always wins; this map fills only the gaps. Every
// schema module imports this file, so the form and the server read the same words.
import { z } from "zod";

const count = (n: number | bigint) => Number(n).toLocaleString("en-GB");
const plural = (n: number | bigint, one: string, many: string) => `${count(n)} ${Number(n) === 1 ? one : many}`;

type Issue = z.core.$ZodRawIssue;

function typeMessage(expected: string): string {
  switch (expected) {
    case "string":
      return "Please enter text";
    case "number":
    case "bigint":
      return "Please enter a number";
    case "int":
      return "Please enter a whole number";
    case "boolean":
      return "Please choose yes or no";
    case "array":
    case "set":
      return "Please choose from the list";
    case "date":
      return "Please enter a valid date";
    case "object":
    case "record":
    case "map":
      return "Please send the form's fields";
    default:
      return "Please check this value";
  }
}

function formatMessage(format: string): string {
  switch (format) {
    case "email":
      return "Please enter a valid email address";
    case "uuid":
    case "guid":
    case "cuid":
    case "cuid2":
    case "ulid":
    case "nanoid":
      return "This is not a reference this service knows";
    case "datetime":
    case "date":
      return "Please enter a valid date";
    case "time":
      return "Please enter a valid time";
    case "url":
      return "Please enter a valid web address";
    default:
      return "Please check the format of this field";
  }
}

/** The words for one failed check; undefined leaves it to the next map (never reached: every code is worded). */
export function plainMessage(iss: Issue): string {
  switch (iss.code) {
    case "invalid_type":
      // a missing field, or one sent as the wrong kind of value
      return iss.input === undefined ? "This field is required" : typeMessage(iss.expected);
    case "too_big": {
      const max = iss.maximum;
      if (iss.origin === "string") return `Please use at most ${plural(max, "character", "characters")}`;
      if (iss.origin === "array" || iss.origin === "set") return `Please choose at most ${count(max)}`;
      if (iss.origin === "date") return "Please choose an earlier date";
      return iss.inclusive === false ? `Please enter a number below ${count(max)}` : `Please enter a number no more than ${count(max)}`;
    }
    case "too_small": {
      const min = iss.minimum;
      if (iss.origin === "string") return Number(min) <= 1 ? "This field is required" : `Please use at least ${plural(min, "character", "characters")}`;
      if (iss.origin === "array" || iss.origin === "set") return `Please choose at least ${count(min)}`;
      if (iss.origin === "date") return "Please choose a later date";
      return iss.inclusive === false ? `Please enter a number above ${count(min)}` : `Please enter a number of at least ${count(min)}`;
    }
    case "invalid_format":
      return formatMessage(iss.format);
    case "not_multiple_of":
      return Number(iss.divisor) === 1 ? "Please enter a whole number" : `Please enter a multiple of ${iss.divisor}`;
    case "invalid_value": {
      const values = iss.values.map((v) => (v === "" ? "none" : String(v)));
      return values.length === 1 ? "Please check this value" : `Please choose one of: ${values.join(", ")}`;
    }
    case "invalid_union": {
      // the words of the option the value came closest to: a failed check rather than a wrong type,
      // and never the "not null" of an optional field's null option
      const nested = iss.errors.flat();
      const check = nested.find((i) => i.code !== "invalid_type" && i.code !== "invalid_value");
      const typed = nested.find((i) => i.code === "invalid_type" && !["null", "undefined", "nan"].includes(i.expected));
      return (check ?? typed)?.message ?? "Please check this value";
    }
    case "unrecognized_keys":
      return iss.keys.length === 1 ? `This form has no field called ${iss.keys[0]}` : `This form has no fields called ${iss.keys.join(", ")}`;
    case "invalid_key":
    case "invalid_element":
    case "custom":
    default:
      return "Please check this value";
  }
}

z.config({ customError: plainMessage });

/**
 * A field's own words for a missing or wrongly typed value only. (Given as
 * `z.string({ error: "…" })` the words would answer every failed check of the field
 * too: a 201-character name would be told "Name is required".) Its other checks
 * keep their own messages, or get plainMessage's.
 */
export const whenMissing =
  (message: string) =>
  (iss: { code?: string }): string | undefined =>
    iss.code === "invalid_type" ? message : undefined;

export { z };
