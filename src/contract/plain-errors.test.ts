// No validator wording reaches a person. Every zod schema the contract
// exports is walked through its failure paths (each field missing, of the wrong
// type, too long, too big, badly formatted; the whole body of the wrong type), and
// every message it gives must be plain English: nothing with "expected",
// "received", "Invalid input" or a regular expression in it. The messages of
// messages.ts stay exactly as written.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as bid from "./schemas/bid";
import * as emailSchedule from "./schemas/email-schedule";
import * as load from "./schemas/load";
import * as mail from "./schemas/mail";
import * as notification from "./schemas/notification";
import * as page from "./schemas/page";
import * as pod from "./schemas/pod";
import * as savedSearch from "./schemas/saved-search";
import * as user from "./schemas/user";
import { MSG } from "./messages";

const MODULES = { bid, emailSchedule, load, mail, notification, page, pod, savedSearch, user };

/** Every exported zod schema, by "module.name". */
const SCHEMAS: [string, z.ZodType][] = Object.entries(MODULES).flatMap(([m, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${m}.${name}`, schema] as [string, z.ZodType]),
);

/** Values that fail somewhere: wrong types, empties, too long, too big, bad formats. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  1e15,
  Number.NaN,
  "",
  " ",
  "x",
  "x".repeat(5000),
  "not-a-date",
  "2026-02-30",
  "2026-02-30T09:00:00Z",
  "25:00",
  "not-an-email",
  "1,100",
  "HELLO",
  "<b>bold</b>",
  "nope,never,unknown,status,values,here,too,many",
  [],
  ["x"],
  Array.from({ length: 60 }, (_, i) => `v${i}`),
  {},
  { nested: true },
];

/** The object a schema parses, when it is one (through pipes, refinements and defaults). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === "object") return (schema as z.ZodObject).shape as Record<string, z.ZodType>;
  for (const inner of [def.in, def.innerType, def.schema]) if (inner instanceof z.ZodType) return shapeOf(inner);
  return null;
}

/** A plausible valid value for a field, so that one field at a time fails. */
const GOOD: Record<string, unknown> = {
  email: "carrier@example.com",
  password: "Str0ng!pass",
  newPassword: "Str0ng!pass",
  confirmPassword: "Str0ng!pass",
  currentPassword: "Old!pass1",
  name: "Sam Driver",
  carrierName: "Sam Haulage Ltd",
  contactNumber: "+44 7700 900123",
  token: "abc",
  loadId: "0b0e7f1e-8f5a-4c57-9d8e-0a1b2c3d4e5f",
  bidAmount: 1100,
  pickupCity: "Holyhead",
  deliveryCity: "Llangefni",
  price: 300,
  pickupSignedBy: "P. Signer",
  pickupSignedDate: "2026-11-20T09:00:00Z",
  deliverySignedBy: "D. Signer",
  deliverySignedDate: "2026-11-20T15:00:00Z",
  pickupPostcode: "LL65 1DQ",
  deliveryPostcode: "LL77 7EE",
  status: "approved",
  enabled: true,
  frequency: "daily",
  time: "09:00",
  daysOfWeek: [],
};

/** Every message a schema gives for an input. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const UNPLAIN = /expected|received|invalid input|\/\^|\^\[|\\d|\[a-z|pattern|regex|nan\b|undefined|null\b/i;

describe("issue 15 #8: every contract schema's failure messages are plain English", () => {
  it("finds the contract's schemas", () => {
    expect(SCHEMAS.length).toBeGreaterThan(20);
    expect(SCHEMAS.map(([n]) => n)).toEqual(expect.arrayContaining(["load.loadInputSchema", "user.registerSchema", "pod.podInputSchema", "bid.bidInputSchema"]));
  });

  it.each(SCHEMAS)("issue 15 #8: %s says every failure in plain words", (_name, schema) => {
    const seen = new Map<string, string>();
    const record = (what: string, input: unknown) => {
      for (const m of messages(schema, input)) if (!seen.has(m)) seen.set(m, what);
    };
    for (const v of BAD_VALUES) record(`the whole input as ${JSON.stringify(v)}`, v);
    const shape = shapeOf(schema);
    if (shape) {
      const good = Object.fromEntries(Object.keys(shape).filter((k) => k in GOOD).map((k) => [k, GOOD[k]]));
      for (const field of Object.keys(shape)) {
        const { [field]: _dropped, ...without } = good;
        record(`${field} missing`, without);
        for (const v of BAD_VALUES) record(`${field} = ${JSON.stringify(v)?.slice(0, 40)}`, { ...good, [field]: v });
      }
      record("an unknown field", { ...good, notAField: 1 });
    }
    const bad = [...seen].filter(([m]) => UNPLAIN.test(m) || m.trim() === "");
    expect(bad.map(([m, what]) => `${what}: ${m}`)).toEqual([]);
    expect(seen.size).toBeGreaterThan(0);
  });

  it("issue 15 #8: the grammar and figures people see: 'Too big' and 'Invalid input' are gone", () => {
    expect(messages(user.registerSchema, { email: "a@b.co", password: "Str0ng!pass", name: "x".repeat(201), carrierName: "C", contactNumber: "+44 7700 900123" })).toEqual([
      "Please use at most 200 characters",
    ]);
    expect(messages(load.calculateDistanceSchema, {})).toEqual(["Pickup postcode is required", "Delivery postcode is required"]);
    expect(messages(load.calculateDistanceSchema, { pickupPostcode: 7, deliveryPostcode: "x".repeat(13) })).toEqual([
      "Pickup postcode is required",
      "Please use at most 12 characters",
    ]);
    expect(messages(load.loadFiltersSchema, { limit: "5000" })).toEqual(["limit must be at most 1000"]);
    expect(messages(load.loadInputSchema, { pickupCity: "A", deliveryCity: "B", price: "lots" })).toEqual(["Price must be a number"]);
    expect(messages(load.loadInputSchema, { pickupCity: "A", deliveryCity: "B", price: 1, weight: 1.5 })).toEqual(["Please enter a whole number"]);
    expect(messages(load.loadInputSchema, { pickupCity: "A", deliveryCity: "B", price: 1, equipmentType: "Tipper" })).toEqual([
      "Please choose one of: Flatbed, Curtain, MOL",
    ]);
    expect(messages(load.loadInputSchema, { pickupCity: "A", deliveryCity: "B", price: 1, pickupDate: "soon" })).toEqual(["Please enter a valid date"]);
    // a bid typed with a thousands separator is not "greater than 0": it is not a number of pounds
    expect(messages(bid.bidInputSchema, { loadId: GOOD.loadId, bidAmount: "1,100" })).toEqual([MSG.bidAmountFormat]);
  });

  it("issue 15 #8: the spec's §5 messages are kept exactly", () => {
    const register = (over: Record<string, unknown>) =>
      messages(user.registerSchema, { email: "a@b.co", password: "Str0ng!pass", name: "N", carrierName: "C", contactNumber: "+44 7700 900123", ...over });
    expect(register({ email: "nope" })).toEqual(["Please enter a valid email address"]);
    expect(register({ email: undefined })).toEqual(["Please enter a valid email address"]);
    expect(register({ carrierName: "" })).toEqual(["Carrier name is required"]);
    expect(register({ contactNumber: undefined })).toEqual(["Contact number is required"]);
    expect(register({ contactNumber: "12" })).toEqual(["Please enter a valid contact number"]);
    expect(register({ password: "short" })).toEqual(expect.arrayContaining(["Password must be at least 8 characters long"]));
    expect(register({ password: "alllowercase1!" })).toEqual(["Password must contain at least one uppercase letter"]);
    expect(messages(user.loginSchema, { email: "a@b.co" })).toEqual(["Password is required"]);
    expect(messages(user.resetPasswordSchema, { newPassword: "Str0ng!pass" })).toEqual(["Reset token is required"]);
    expect(messages(user.changePasswordFormSchema, { currentPassword: "", newPassword: "Str0ng!pass", confirmPassword: "Str0ng!pass" })).toEqual([
      "Current password is required",
    ]);
    expect(messages(user.changePasswordFormSchema, { currentPassword: "x", newPassword: "Str0ng!pass", confirmPassword: "other" })).toEqual(["Passwords don't match"]);
    expect(messages(bid.bidInputSchema, { loadId: GOOD.loadId, bidAmount: 0 })).toEqual(["Bid amount must be greater than 0"]);
    expect(messages(emailSchedule.emailScheduleSchema, { enabled: true, frequency: "daily", time: "9am", daysOfWeek: [] })).toEqual(["Time must be in HH:MM format"]);
    expect(messages(pod.podInputSchema, {})).toEqual(["Pickup signature required", "Pickup date required", "Delivery signature required", "Delivery date required"]);
  });
});
