// Integrations: scoped API tokens. The web's
// admin page and the server read the same scopes, words and schemas.
import { z } from "../plain-errors";

/** like every newer list: limit (default 50, at most 200) and offset */
export const apiTokenListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200, "limit must be at most 200").optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

export const API_SCOPES = ["loads:read", "loads:write", "bids:read", "bids:write", "users:read", "claims:read", "trucks:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "loads:read": "Read loads",
  "loads:write": "Create and change loads",
  "bids:read": "Read bids",
  "bids:write": "Accept and reject bids",
  "users:read": "Read users and carriers",
  "claims:read": "Read waiting-time claims",
  "trucks:read": "Read posted trucks and their matches",
};

/** contract: 120 requests a minute a token, across processes, then 429 with Retry-After */
export const API_TOKEN_RATE_PER_MINUTE = 120;

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "lbt_";

export const API_TOKEN_MSG = {
  name: "Please enter a name for the token",
  scopes: "Please choose at least one scope",
  expiresOn: "Please enter a valid expiry date",
  expiresPast: "The expiry date must be today or later",
  outOfScope: "This API token does not allow this call",
  notByToken: "This call cannot be made with an API token",
  rateLimited: "Too many requests with this API token: wait a minute",
  invalid: "The API token is not valid",
} as const;

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => YMD.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const apiTokenCreateSchema = z.object({
  name: z.string({ error: API_TOKEN_MSG.name }).trim().min(1, API_TOKEN_MSG.name).max(100, "The name must be at most 100 characters"),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "Please choose scopes from the list" }), { error: API_TOKEN_MSG.scopes })
    .min(1, API_TOKEN_MSG.scopes)
    .max(API_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, "Each scope once"),
  /** the last UK day the token works; none: until revoked */
  expiresOn: z
    .string({ error: API_TOKEN_MSG.expiresOn })
    .refine(isRealDay, API_TOKEN_MSG.expiresOn)
    .nullish()
    .describe("YYYY-MM-DD: the last UK day the token works; absent or null: until revoked"),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

/** A token as listed: never the token itself nor its hash. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  createdBy: z.string().nullable().describe("the admin the token acts as"),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST's answer: the token itself, this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string().describe("shown once; only its SHA-256 is kept") });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
