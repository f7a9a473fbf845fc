// Which /api calls an API token may make, and with which scope (outside
// its scopes → 403). A call not in
// this table is never made by token: sign-in, the caller's own account and
// password, the tokens themselves, settings, mail, uploads, the live stream.
// The keys are the routes as registered (method + template); HEAD goes with GET.
// The token acts as the admin who made it, so every call's own role checks still
// apply on top (a staff-only call stays staff-only; nothing is bypassed).
import type { ApiScope } from "../../../../contract/schemas/integration";

export const TOKEN_ROUTE_SCOPES: Readonly<Record<string, ApiScope>> = {
  // loads:read — the board and one load, as the admin sees them
  "GET /api/loads": "loads:read",
  "GET /api/loads/:id": "loads:read",
  "GET /api/loads/with-bids": "loads:read",
  "GET /api/loads/next-number": "loads:read",
  "GET /api/loads/next-po-number": "loads:read",
  "GET /api/loads/:id/events": "loads:read",
  "GET /api/loads/:id/views": "loads:read",
  "GET /api/export/loads.csv": "loads:read",
  "POST /api/calculate-distance": "loads:read",
  // loads:write — create, edit, copy and move a load through its states
  "POST /api/loads": "loads:write",
  "PUT /api/loads/:id": "loads:write",
  "POST /api/loads/:id/copy": "loads:write",
  "PATCH /api/loads/:id/status": "loads:write",
  "PATCH /api/loads/:id/reset-to-available": "loads:write",
  "PATCH /api/loads/:id/accept": "loads:write",
  // the CSV import, its dry run and its template
  "POST /api/loads/import": "loads:write",
  "GET /api/loads/import/template.csv": "loads:write",
  // bids:read
  "GET /api/admin/bids": "bids:read",
  "GET /api/loads/:id/bids": "bids:read",
  "GET /api/export/bids.csv": "bids:read",
  // bids:write — staff accept or reject a carrier's bid
  "POST /api/bids/:id/accept": "bids:write",
  "POST /api/bids/:id/reject": "bids:write",
  // users:read — the Users and Carriers tabs' lists, never a change
  "GET /api/users": "users:read",
  "GET /api/users/carrier": "users:read",
  "GET /api/users/pending": "users:read",
  "GET /api/export/users.csv": "users:read",
  "GET /api/export/carriers.csv": "users:read",
  // claims:read — the waiting-time claims list (staff's: every company's)
  "GET /api/waiting-claims": "claims:read",
  // trucks:read — posted trucks and each one's matches (staff's: every company's open trucks)
  "GET /api/trucks": "trucks:read",
  "GET /api/trucks/:id/matches": "trucks:read",
};

/** Public reading that a client sending its token everywhere may still do: the token is ignored there. */
export const TOKEN_IGNORED_ROUTES: ReadonlySet<string> = new Set(["GET /api/openapi.json", "GET /api/docs", "GET /api/public-config"]);

/** The scope a route needs when called by token; undefined: never by token. */
export function scopeOf(method: string, routeUrl: string | undefined): ApiScope | undefined {
  if (!routeUrl) return undefined;
  const m = method === "HEAD" ? "GET" : method;
  return TOKEN_ROUTE_SCOPES[`${m} ${routeUrl}`];
}
