// The fuzz's vocabulary: who sends a case, what a route is (its path and how its
// cases are drawn) and the three shapes most routes take, shared by the route lists
// (test/fuzz-routes*.ts), their bodies (test/fuzz-bodies.ts) and the runner (test/fuzz.test.ts).
import fc from "fast-check";
import type { TestApp } from "./helpers";
import { sessions } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";
import { fuzzBody, fuzzQuery, segment, type FuzzBody } from "./fuzz-arbitraries";

/** Stands for the caller's own id in a path or body; replaced when the case is sent. */
export const SELF = "__SELF__";

export type FuzzActor = "admin" | "manager" | "carrier" | "pending" | "anonymous";
export const actorArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant<FuzzActor>("admin") },
  { weight: 2, arbitrary: fc.constant<FuzzActor>("manager") },
  { weight: 4, arbitrary: fc.constant<FuzzActor>("carrier") },
  { weight: 1, arbitrary: fc.constant<FuzzActor>("pending") },
  { weight: 2, arbitrary: fc.constant<FuzzActor>("anonymous") },
);

export interface Targets {
  loadIds: string[];
  availableIds: string[];
  bidIds: string[];
  /** accounts the fuzz may edit, approve, reject or delete (never an actor) */
  userIds: string[];
  carrierIds: string[];
  emails: string[];
  objectPaths: string[];
  uploadTokens: string[];
  /** the carrier actor's company, the rival's and one without members */
  companyIds: string[];
  /** invoices of the carrier actor's company (issued, paid, void) and the rival's */
  invoiceIds: string[];
}

export interface RouteCase {
  path: string;
  query: string;
  body: FuzzBody;
  /** route-specific headers (a resumable upload's Content-Range) */
  headers?: Record<string, string>;
}

export interface FuzzRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "ANY";
  path: string;
  cases(tg: Targets): fc.Arbitrary<RouteCase>;
  actors?: fc.Arbitrary<FuzzActor>;
  /** send each case with a fresh session of the actor (login and logout end the session they get) */
  throwaway?: boolean;
  /** clear the throttle counters every n cases, so 429 does not mask the route's behaviour */
  resetAuthEvery?: number;
  /** no case can succeed by design (no valid token or password in the loop) */
  neverSucceeds?: boolean;
  /** route-specific set-up before its cases */
  setup?(t: TestApp, tg: Targets): Promise<void>;
  /** a cookie sent beside the actor's own in 3 cases of 4 (the registration calls' applicant cookie) */
  applicantCookie?: () => string;
  /** the Content-Type headers this route's cases draw from (default: mostly JSON) */
  contentType?: fc.Arbitrary<string | undefined>;
}

export const noBody = fc.constant<FuzzBody>({ kind: "none" });
export const id = (pool: readonly string[]) => segment(pool);
export const uuidOr = (pool: readonly string[]) => fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.uuid() });

/** GET with only query and header fuzz. */
export function getRoute(path: string, query?: fc.Arbitrary<Record<string, string>>, extra: Partial<FuzzRoute> = {}): FuzzRoute {
  return { method: "GET", path, cases: () => fc.record({ path: fc.constant(path), query: fuzzQuery(query), body: noBody }), ...extra };
}

/** A route with one `:id` from `pool` and a body mutated from `base`. */
export function idRoute(
  method: FuzzRoute["method"],
  template: string,
  pool: (tg: Targets) => readonly string[],
  base?: (tg: Targets) => fc.Arbitrary<Record<string, unknown>>,
  extra: Partial<FuzzRoute> = {},
): FuzzRoute {
  return {
    method,
    path: template,
    cases: (tg) =>
      fc.record({
        path: id(pool(tg)).map((v) => template.replace(/:[a-z]+/, v)),
        query: fuzzQuery(),
        body: base ? fuzzBody(base(tg)) : fc.oneof({ weight: 4, arbitrary: noBody }, { weight: 1, arbitrary: fuzzBody() }),
      }),
    ...extra,
  };
}

/** A route without path parameters and a body mutated from `base`. */
export function bodyRoute(method: FuzzRoute["method"], path: string, base?: (tg: Targets) => fc.Arbitrary<Record<string, unknown>>, extra: Partial<FuzzRoute> = {}): FuzzRoute {
  return {
    method,
    path,
    cases: (tg) => fc.record({ path: fc.constant(path), query: fuzzQuery(), body: base ? fuzzBody(base(tg)) : fuzzBody() }),
    ...extra,
  };
}

/** A session row inserted directly: the only way to give an unapproved account a cookie. */
export async function sessionFor(t: TestApp, userId: string): Promise<string> {
  const token = randomToken();
  await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}
