// fast-check generators for the API fuzz (test/fuzz.test.ts): hostile values,
// boundary mutations of a valid body, raw (non-JSON) bodies, odd headers,
// queries and path segments.
import fc from "fast-check";

/** Text that has broken other systems: SQL, HTML, template and path tricks, control and odd Unicode. */
export const NASTY_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE loads; --",
  "1; select pg_sleep(5)",
  "\" OR \"\"=\"",
  "<script>alert(1)</script>",
  "\"><img src=x onerror=alert(1)>",
  "{{7*7}}",
  "${jndi:ldap://x/a}",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000",
  "a\u0000b",
  "\r\nSet-Cookie: sid=evil",
  "\u202e\u200b\ufeff",
  "\ud800",
  "🚚💥🇬🇧",
  "Ω≈ç√∫",
  "ＦＮ－２０２６－００１",
  "FN-2026-001",
  "PO-2026-00001",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x1F",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "",
  " ",
  "\t\n",
  "__proto__",
  "constructor",
  "available",
  "completed",
  "admin",
  "2026-02-30",
  "2026-13-01T25:61:00Z",
  "99:99",
  "LS1 4AP",
  "ZZ99 9ZZ",
  "a@b",
  "ADMIN@LOCALHOST",
  "x".repeat(201),
  "x".repeat(5000),
];

export const nastyString = fc.constantFrom(...NASTY_STRINGS);

/** Up to 100 KB of text (spec: huge strings must get a clean 4xx). */
export const hugeString = fc.oneof(
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => "x".repeat(n)),
  fc.integer({ min: 500, max: 25_000 }).map((n) => "🚚".repeat(n)),
  fc.integer({ min: 1_000, max: 50_000 }).map((n) => "é'\"<".repeat(Math.floor(n / 4))),
);

export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, -0.001, 0.001, 0.005, 0.009, 0.01, 1e-7, 1.005, 0.1 + 0.2, 99_999_999.99, 100_000_000, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 53), 1e308, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A nested object or array `depth` levels deep. */
export function deep(depth: number, kind: "object" | "array" = "object"): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = kind === "object" ? { a: v } : [v];
  return v;
}

/** Any hostile JSON value. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.array(fc.oneof(nastyString, nastyNumber, fc.constant(null)), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 2_000 }).map((d) => deep(d)) },
  // own keys named like Object.prototype members
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"toString":"x","valueOf":1,"hasOwnProperty":null}')) },
);

/** Fields a privilege-escalating client might add to any body. */
const EXTRA_KEYS = ["__proto__", "constructor", "prototype", "id", "role", "isAdmin", "isApproved", "status", "acceptedBy", "acceptedByCarrier", "ratePerMile", "mandataNumber", "password", "carrierId", "userId", "createdAt"];

/**
 * A valid body with boundary mutations: some fields replaced by hostile values,
 * some dropped, some extra fields added. Most cases stay close to valid so they
 * reach the service code, not just the schema.
 */
export function mutated(base: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return base.chain((b) => {
    const keys = Object.keys(b);
    const keyArb = keys.length ? fc.constantFrom(...keys) : fc.constant("x");
    return fc
      .record({
        replace: fc.dictionary(keyArb, weirdValue, { maxKeys: 3 }),
        drop: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
        extra: fc.dictionary(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })), weirdValue, { maxKeys: 2 }),
        dropAll: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      })
      .map(({ replace, drop, extra, dropAll }) => {
        const out: Record<string, unknown> = { ...b };
        for (const k of drop) delete out[k];
        if (dropAll) for (const k of keys) delete out[k];
        for (const [k, v] of Object.entries(replace)) out[k] = v;
        for (const [k, v] of Object.entries(extra)) Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
        return out;
      });
  });
}

export type FuzzBody = { kind: "none" } | { kind: "json"; value: unknown } | { kind: "raw"; text: string | Buffer };

/** Not JSON at all, or JSON that is not an object. */
export const rawBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constantFrom(
    "{",
    '{"a":',
    "not json",
    "",
    "null",
    '"a string"',
    "[1,2",
    "[]",
    "0",
    "-1e999",
    "1" + "0".repeat(400),
    "\ufeff{}",
    '{"__proto__":{"isAdmin":true},"role":"admin"}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"status":"available","status":"completed"}',
    "{'single':'quotes'}",
    '{"a":NaN}',
    '{"a":undefined}',
    "\u0000\u0001\u0002",
    "email=a%40b.c&password=x",
    "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--",
  ).map((text): FuzzBody => ({ kind: "raw", text })),
  // very deep nesting, balanced and not (JSON.parse and any recursive walker)
  fc.integer({ min: 1_000, max: 200_000 }).map((n): FuzzBody => ({ kind: "raw", text: "[".repeat(n) + "]".repeat(n) })),
  fc.integer({ min: 1_000, max: 100_000 }).map((n): FuzzBody => ({ kind: "raw", text: '{"a":'.repeat(n) + "1" + "}".repeat(n) })),
  fc.integer({ min: 1_000, max: 200_000 }).map((n): FuzzBody => ({ kind: "raw", text: "[".repeat(n) })),
  fc.uint8Array({ maxLength: 200 }).map((a): FuzzBody => ({ kind: "raw", text: Buffer.from(a) })),
  fc.string({ unit: "binary", maxLength: 200 }).map((text): FuzzBody => ({ kind: "raw", text })),
);

/** A JSON value of the wrong shape at the top. */
export const wrongTopLevel: fc.Arbitrary<FuzzBody> = fc
  .oneof(fc.constant(null), fc.array(weirdValue, { maxLength: 3 }), nastyString, nastyNumber, fc.boolean())
  .map((value): FuzzBody => ({ kind: "json", value }));

/** The body of one case, from a route's valid base body. */
export function fuzzBody(base?: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<FuzzBody> {
  const arbs: fc.WeightedArbitrary<FuzzBody>[] = [
    { weight: 1, arbitrary: rawBody },
    { weight: 1, arbitrary: wrongTopLevel },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): FuzzBody => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: "none" }) },
  ];
  if (base) {
    arbs.push({ weight: 8, arbitrary: mutated(base).map((value): FuzzBody => ({ kind: "json", value })) });
    arbs.push({ weight: 2, arbitrary: base.map((value): FuzzBody => ({ kind: "json", value })) });
  }
  return fc.oneof(...arbs);
}

export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/json; charset=latin1",
      "application/json; charset=utf-16",
      "application/vnd.api+json",
      "application/json, text/html",
      "text/plain",
      "text/html",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/octet-stream",
      "application/pdf",
      "image/png",
      "*/*",
      "json",
      ";;;",
      "application/json; boundary=\u00ff",
      "",
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export const PUBLIC_ORIGIN = "http://localhost:5000";

export const origin = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant(PUBLIC_ORIGIN) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "https://evil.example",
      "null",
      "::::",
      "http://localhost:5000.evil.example",
      "http://localhost",
      "file://",
      "http://[::1]:5000",
      "x".repeat(5000),
      "http://ünïcode.example",
      "javascript:alert(1)",
    ),
  },
);

/** What happens to the actor's cookie in this case. */
export const cookieMangle = fc.oneof(
  { weight: 10, arbitrary: fc.constant<{ mode: "keep" }>({ mode: "keep" }) },
  { weight: 2, arbitrary: fc.constantFrom("; a=b", "; sid=junk", "; sid=", ";;;", "; =x", "; sid=%E0%A4%A").map((extra) => ({ mode: "append" as const, extra })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom("sid=junk", "sid=", "sid", "=;;;=", "sid=%E0%A4%A", "sid=" + "x".repeat(101), "sid=" + "x".repeat(5000), "sid=' OR 1=1 --", "sid=\u00ff\u00fe", "sid=a; sid=b"),
        fc.string({ maxLength: 60 }).map((s) => `sid=${s}`),
      )
      .map((cookie) => ({ mode: "replace" as const, cookie })),
  },
);

export const extraHeaders = fc.record(
  {
    "if-none-match": fc.oneof(fc.constantFrom('"0-abc"', "*", "W/\"x\"", ",,,", "x".repeat(3000)), fc.string({ maxLength: 30 })),
    "x-forwarded-for": fc.constantFrom("1.2.3.4", "::1", "not an ip", "1.1.1.1, 2.2.2.2", "x".repeat(500)),
    accept: fc.constantFrom("text/html", "*/*", "application/xml", "image/png", ";;;"),
    "accept-encoding": fc.constantFrom("gzip", "br", "identity;q=0", "*"),
    // idempotent retries: a fresh key, a key reused within the route (a
    // replay of the first answer, or 422 for another request), or a malformed one (400)
    "idempotency-key": fc.oneof(
      { weight: 4, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: fc.constantFrom("fz-retry-1", "fz-retry-2", "fz-retry-3") },
      { weight: 1, arbitrary: fc.constantFrom("", " ", "a b", "x".repeat(256), "\u00e9t\u00e9", ",", "\"quoted\"") },
    ),
  },
  { requiredKeys: [] },
);

/** Percent-encode, but let lone surrogates through as the invalid UTF-8 a client could send. */
export function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
}

/** A path segment: mostly one of `pool`, sometimes a random UUID or garbage. */
export function segment(pool: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: pool.length ? 8 : 0, arbitrary: pool.length ? fc.constantFrom(...pool) : fc.constant("x") },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        nastyString.map(enc),
        fc.string({ maxLength: 40 }).map(enc),
        fc.constantFrom("%00", "..%2f..%2fetc%2fpasswd", "%E0%A4%A", "%", "%%", "x".repeat(250), "{00000000-0000-0000-0000-000000000000}", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
      ),
    },
  );
}

/** A raw query string for a route whose valid query is `base`. */
export function fuzzQuery(base?: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<string> {
  const fromRecord = (rec: Record<string, unknown>) =>
    Object.entries(rec)
      .map(([k, v]) => `${enc(k)}=${enc(typeof v === "string" ? v : JSON.stringify(v) ?? "")}`)
      .join("&");
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom("a=%E0%A4%A", "a[b]=c&a[c]=d", "a=1&a=2", "=", "&&&", "a", "%", "__proto__[isAdmin]=true", "x=" + "y".repeat(20_000)) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, fc.string({ maxLength: 20 })), { maxKeys: 3 }).map(fromRecord) },
  ];
  if (base) {
    arbs.push({ weight: 3, arbitrary: base.map(fromRecord) });
    arbs.push({
      weight: 4,
      arbitrary: base.chain((b) => {
        const keys = Object.keys(b);
        const values = fc.oneof(nastyString, hugeString.map((s) => s.slice(0, 20_000)), nastyNumber.map(String));
        return fc
          .tuple(fc.dictionary(keys.length ? fc.constantFrom(...keys) : fc.constant("x"), values, { maxKeys: 3 }), fc.integer({ min: 0, max: 4 }))
          .map(([r, repeat]) => {
            const parts = [fromRecord({ ...b, ...r })];
            // repeated keys become arrays in the parsed query
            if (keys.length && repeat === 0) parts.push(`${enc(keys[0])}=${enc(String(b[keys[0]]))}`);
            return parts.join("&");
          });
      }),
    });
  }
  return fc.oneof(...arbs);
}
