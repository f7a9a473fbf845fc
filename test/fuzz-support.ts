// Shared by the access matrix, the fuzz and the invariant tests: loads with
// unique private values, and the leak check every response gets.
import { expect } from "vitest";
import type { App } from "../src/server/app";
import { loads, type LoadRow, type UserRow } from "../src/server/db/schema";
import { PRIVATE_LOAD_FIELDS } from "../src/contract/schemas/load";

export const isStaff = (u: Pick<UserRow, "role" | "isAdmin"> | null) => !!u && (u.isAdmin || u.role === "admin" || u.role === "manager");

let secretSeq = 0;
const LETTERS = "ABDEFGHJLNPQRSTUWXYZ"; // the letters an inward code may use
/**
 * A well-formed but unknown postcode's inward code, unique for the first 4,000 loads:
 * the postcodes must parse whatever the load's number (a lane rate asks for their areas),
 * and the same length for every n, so no secret is a substring of another.
 */
const inward = (n: number) => `${n % 10}${LETTERS[Math.floor(n / 10) % 20]}${LETTERS[Math.floor(n / 200) % 20]}`;
/** Every load gets private values no other load has, so a leak is found by plain text search (a new private field needs one here). */
export function secrets(): Record<(typeof PRIVATE_LOAD_FIELDS)[number], string> {
  const n = ++secretSeq;
  // a letter or space before the number and a letter after it: no secret is a substring of another
  return {
    mandataNumber: `PO-SECRET-${n}-X`,
    pickupAddress: `Secret Pickup Lane Q${n}Q`,
    pickupZip: `ZZ9 ${inward(n)}`,
    pickupContact: `Pickup Person Q${n}Q 07700`,
    pickupReference: `PREF-Q${n}Q`,
    deliveryAddress: `Secret Delivery Way Q${n}Q`,
    deliveryZip: `ZY8 ${inward(n)}`,
    deliveryContact: `Delivery Person Q${n}Q 07700`,
    deliveryReference: `DREF-Q${n}Q`,
  };
}


/** Every load-shaped object (has id, loadNumber and pickupCity) anywhere in a JSON value. */
export function loadsIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) loadsIn(v, out);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.id === "string" && "loadNumber" in o && "pickupCity" in o) out.push(o);
    for (const v of Object.values(o)) loadsIn(v, out);
  }
  return out;
}

export const isOwn = (l: LoadRow, u: UserRow) => l.acceptedBy === u.id || (!!u.carrierName && l.acceptedByCarrier === u.carrierName);
// who may know which load (the roles' rules), stated independently of the server's code
export const mayKnow = (l: LoadRow, u: UserRow | null) =>
  isStaff(u) || l.status === "available" || (!!u && ["accepted", "approved", "completed"].includes(l.status) && isOwn(l, u));
export const mayPrivate = (l: LoadRow, u: UserRow | null) => isStaff(u) || (!!u && ["approved", "completed"].includes(l.status) && isOwn(l, u));

/** The checks every response gets, whoever asked. */
export async function checkLeaks(t: { app: App }, who: UserRow | null, res: { body: string; headers?: Record<string, unknown> }) {
  const body = res.body;
  expect(body, "a password hash in a response").not.toContain("$argon2");
  // a password value (a string); the OpenAPI document names the field in the login
  // request's schema ("password": {"type": "string"}), which holds no password
  expect(body, "a password field in a response").not.toMatch(/"password"\s*:\s*"/);
  expect(body, "a reset token in a response").not.toContain("passwordResetToken");
  expect(body, "a reset expiry in a response").not.toContain("passwordResetExpires");
  if (isStaff(who)) return;

  const rows = await t.app.ctx.db.select().from(loads);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // field by field, on every load in the body
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    /* not JSON (PDF, stream): the text search below still applies */
  }
  for (const l of loadsIn(parsed)) {
    const row = byId.get(l.id as string);
    expect(row, `a load in the body that does not exist: ${String(l.id)}`).toBeDefined();
    expect(mayKnow(row!, who), `load ${row!.loadNumber} (${row!.status}) is not the caller's to see`).toBe(true);
    if (!mayPrivate(row!, who)) {
      for (const f of PRIVATE_LOAD_FIELDS) expect(l[f] ?? null, `${f} of ${row!.loadNumber} (${row!.status}) leaked`).toBeNull();
    }
  }
  // and by text: no seeded private value of a load the caller may not see in full
  const allowed = new Set<string>();
  const hidden = new Set<string>();
  for (const r of rows) {
    const target = mayPrivate(r, who) ? allowed : hidden;
    for (const f of PRIVATE_LOAD_FIELDS) if (r[f]) target.add(r[f]!);
  }
  for (const s of hidden) {
    if (allowed.has(s) || !/SECRET|Secret|ZZ|Q\d+Q/.test(s)) continue;
    expect(body.includes(s), `private value "${s}" in a response to ${who ? who.email : "a signed-out caller"}`).toBe(false);
  }
}


/** Cheap pre-test: could this body hold a seeded private value at all? */
export const MAY_HOLD_SECRET = /PO-SECRET-|Secret (Pickup|Delivery)|ZZ9 |ZY8 |PREF-Q|DREF-Q|Person Q/;
