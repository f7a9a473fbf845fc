// The access-control policy of the HTTP API as ONE table: every route (method +
// path template) and scenario × every kind of caller → the status a well-formed
// request must get. test/access-matrix.test.ts runs every cell on every engine;
// the table is also the reviewable statement of who may do what.
//
// Sources: the API contract (its roles, conventions and calls) and the product
// spec (load states, who sees addresses, roles). Where the contract
// is silent or ambiguous the safest reading is taken and the row says so
// ("AMBIGUOUS: …"); a set of statuses means any of them is acceptable.

export const ACTORS = ["anonymous", "pending", "carrier", "otherCarrier", "manager", "admin"] as const;
export type Actor = (typeof ACTORS)[number];
// anonymous    no cookie
// pending      an unapproved carrier with a session row inserted directly (an
//              unapproved account cannot sign in, so such a session must count for nothing: 401)
// carrier      an approved carrier ("Matrix Haulage Ltd"); the "own" loads below are theirs
// otherCarrier an approved carrier of another company ("Rival Freight Ltd")
// manager      role manager (staff)
// admin        role admin, isAdmin (staff)

export type Expected = number | readonly number[];
export type Expectation = Record<Actor, Expected>;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface PolicyRow {
  method: Method;
  /** the route's template as registered (the matrix test checks every registered route has a row) */
  path: string;
  scenario: string;
  expect: Expectation;
  why: string;
}

const all = (s: Expected): Expectation => ({ anonymous: s, pending: s, carrier: s, otherCarrier: s, manager: s, admin: s });
/** any signed-in, approved user; the pending session counts as signed out */
const signedIn = (s: Expected): Expectation => ({ anonymous: 401, pending: 401, carrier: s, otherCarrier: s, manager: s, admin: s });
/** staff = role admin or manager, or isAdmin */
const staffOnly = (s: Expected): Expectation => ({ anonymous: 401, pending: 401, carrier: 403, otherCarrier: 403, manager: s, admin: s });
/** "give or take away the admin role, edit or delete an admin": admin only */
const adminOnly = (s: Expected): Expectation => ({ anonymous: 401, pending: 401, carrier: 403, otherCarrier: 403, manager: 403, admin: s });
/** a load of `carrier` that another carrier may not know exists (contract: 404 for loads the caller may not see) */
const ownerOnly = (owner: Expected, staff: Expected): Expectation => ({
  anonymous: 401,
  pending: 401,
  carrier: owner,
  otherCarrier: 404,
  manager: staff,
  admin: staff,
});

export const POLICY = {
  // ------------------------------------------------------------ app
  "health": { method: "GET", path: "/api/health", scenario: "database answers", expect: all(200), why: "contract Running the server: public health check" },
  "health-live": { method: "GET", path: "/api/health/live", scenario: "process answers", expect: all(200), why: "liveness answers without the database (docs/deployment.md)" },
  // off unless METRICS_TOKEN or METRICS_ALLOW is set (the test app sets neither): the same 404 for everyone, session or not
  "metrics": { method: "GET", path: "/metrics", scenario: "metrics switched off", expect: all(404), why: "README Metrics: off by default; behind a bearer token or an address list when on" },
  "publicConfig": { method: "GET", path: "/api/public-config", scenario: "signed-out pages' settings", expect: all(200), why: "login/register pages need the product name and new-user mailbox before sign-in" },
  "pwa.manifest": { method: "GET", path: "/manifest.webmanifest", scenario: "web app manifest", expect: all(200), why: "the browser fetches it without cookies to install the app; it holds only the product name and icons" },
  "unknownApi.get": { method: "GET", path: "/api/no-such-call", scenario: "unknown /api path", expect: all(404), why: "contract Conventions: unknown /api/... → 404 JSON, signed in or not" },
  "unknownApi.post": { method: "POST", path: "/api/no-such-call", scenario: "unknown /api path, POST", expect: all(404), why: "contract Conventions: unknown /api/... → 404 JSON" },
  "csrf.bids": { method: "POST", path: "/api/bids", scenario: "foreign Origin on a state-changing call", expect: all(403), why: "contract Conventions: a state-changing request whose Origin names another site → 403, whoever sends it" },
  "csrf.login": { method: "POST", path: "/api/login", scenario: "foreign Origin on login (login CSRF)", expect: all(403), why: "contract Conventions: every POST with a foreign Origin → 403" },

  // ------------------------------------------------------------ auth and account
  "auth.user": { method: "GET", path: "/api/auth/user", scenario: "who am I", expect: signedIn(200), why: "contract: 200 user | 401; a pending account's session is not a sign-in" },
  "auth.login.ok": { method: "POST", path: "/api/login", scenario: "right password of an approved account", expect: all(200), why: "contract login: public; a new session on every login, whoever was signed in before" },
  "auth.login.wrong": { method: "POST", path: "/api/login", scenario: "wrong password", expect: all(401), why: "contract login: 401 Invalid email or password" },
  "auth.login.pending": { method: "POST", path: "/api/login", scenario: "right password of an unapproved account", expect: all(403), why: "contract login: an unapproved account → 403 pending_approval" },
  "auth.logout": { method: "POST", path: "/api/logout", scenario: "log out (a throwaway session of the caller)", expect: all(200), why: "contract: POST /api/logout → 200 {success:true}, signed in or not" },
  "auth.register.carrier": { method: "POST", path: "/api/register", scenario: "new carrier account", expect: all(201), why: "contract register: public self-registration (pending carrier); staff create approved users. AMBIGUOUS for a signed-in carrier: treated as self-registration (a pending carrier), which grants nothing" },
  "auth.register.asAdmin": { method: "POST", path: "/api/register", scenario: "body asks for role admin + isAdmin", expect: { anonymous: 201, pending: 201, carrier: 201, otherCarrier: 201, manager: 403, admin: 201 }, why: "contract register: signed out the account is always an unapproved carrier whatever role/isAdmin say (checked after the call); the admin role only by an admin" },
  "auth.register.duplicate": { method: "POST", path: "/api/register", scenario: "email already taken (other case)", expect: { anonymous: 409, pending: 409, carrier: 409, otherCarrier: 409, manager: 409, admin: 409 }, why: "contract register: duplicate email (case-insensitive) → 409" },
  "auth.forgot": { method: "POST", path: "/api/auth/forgot-password", scenario: "existing email", expect: all(200), why: "contract: 200 always (no account enumeration), signed in or not" },
  "auth.reset.valid": { method: "POST", path: "/api/auth/reset-password", scenario: "valid unused token", expect: all(200), why: "contract: the token is the credential; public call" },
  "auth.reset.bad": { method: "POST", path: "/api/auth/reset-password", scenario: "unknown token", expect: all(400), why: "contract: bad/expired/used token → 400" },
  "auth.changePassword.own": { method: "PATCH", path: "/api/users/:id/change-password", scenario: "own account, right current password", expect: signedIn(200), why: "contract change-password: own account → 200" },
  "auth.changePassword.wrongCurrent": { method: "PATCH", path: "/api/users/:id/change-password", scenario: "own account, wrong current password", expect: signedIn(400), why: "contract change-password: wrong current password → 400" },
  "auth.changePassword.other": { method: "PATCH", path: "/api/users/:id/change-password", scenario: "another user's id", expect: { anonymous: 401, pending: 401, carrier: 403, otherCarrier: 403, manager: 403, admin: 403 }, why: "contract change-password: 403 for another user's id (staff too: staff set passwords through PUT /api/users/{id})" },

  // ------------------------------------------------------------ users and admin
  "users.list": { method: "GET", path: "/api/users", scenario: "all users", expect: staffOnly(200), why: "contract Roles: list users is staff only" },
  "users.carriers": { method: "GET", path: "/api/users/carrier", scenario: "Carriers tab", expect: staffOnly(200), why: "contract: GET /api/users/carrier (staff)" },
  "users.pending": { method: "GET", path: "/api/users/pending", scenario: "Pending tab", expect: staffOnly(200), why: "contract: GET /api/users/pending (staff)" },
  "users.approve": { method: "POST", path: "/api/users/:id/approve", scenario: "a pending carrier", expect: staffOnly(200), why: "contract Roles: approve users is staff" },
  "users.approve.approved": { method: "POST", path: "/api/users/:id/approve", scenario: "an already approved carrier", expect: staffOnly(409), why: "contract 409: the resource is in the wrong state" },
  "users.reject": { method: "POST", path: "/api/users/:id/reject", scenario: "a pending carrier", expect: staffOnly(200), why: "contract Roles: reject users is staff; deletes the pending account" },
  "users.update.own": { method: "PUT", path: "/api/users/:id", scenario: "own name, contactNumber (carrierName sent unchanged)", expect: signedIn(200), why: "contract: a user may edit their own name and contactNumber; their carrierName sent unchanged is accepted" },
  "users.update.ownCompany": { method: "PUT", path: "/api/users/:id", scenario: "own account, another company's carrierName", expect: { anonymous: 401, pending: 401, carrier: 403, otherCarrier: 403, manager: 200, admin: 200 }, why: "contract PUT /api/users/{id}: a user's own carrierName is their company membership, which decides whose loads they see; only staff change it (403 \"Only staff can change your company.\")" },
  "users.update.ownRole": { method: "PUT", path: "/api/users/:id", scenario: "own account, asks for role admin", expect: adminOnly(200), why: "assigning the Admin role is for admins only (for the admin it is no change)" },
  "users.update.carrier": { method: "PUT", path: "/api/users/:id", scenario: "another carrier's account", expect: staffOnly(200), why: "contract: staff edit anyone but admins" },
  "users.update.admin": { method: "PUT", path: "/api/users/:id", scenario: "an admin's account", expect: adminOnly(200), why: "contract Roles: edit an admin — admin only" },
  "users.update.promote": { method: "PUT", path: "/api/users/:id", scenario: "make a carrier an admin", expect: adminOnly(200), why: "contract Roles: give the admin role — admin only" },
  "users.delete.carrier": { method: "DELETE", path: "/api/users/:id", scenario: "a carrier", expect: staffOnly(204), why: "contract: DELETE /api/users/{id} (staff) → 204" },
  "users.delete.admin": { method: "DELETE", path: "/api/users/:id", scenario: "an admin", expect: adminOnly(204), why: "contract Roles: delete an admin — admin only" },
  "users.delete.self": { method: "DELETE", path: "/api/users/:id", scenario: "own account", expect: staffOnly(409), why: "contract: not yourself (409); carriers may not delete users at all (403)" },

  // ------------------------------------------------------------ loads
  "loads.list": { method: "GET", path: "/api/loads", scenario: "the board (redaction checked on every load)", expect: signedIn(200), why: "contract: the loads the caller may see, redacted (addresses and private fields by role and ownership)" },
  "loads.nextNumber": { method: "GET", path: "/api/loads/next-number", scenario: "next load number", expect: staffOnly(200), why: "contract: (staff)" },
  "loads.nextPoNumber": { method: "GET", path: "/api/loads/next-po-number", scenario: "next PO number (the Approve dialog)", expect: staffOnly(200), why: "contract Roles: approve an accepted load (issues PO number) — staff" },
  "loads.withBids": { method: "GET", path: "/api/loads/with-bids", scenario: "available loads with pending bids (admin Loads with Bids tab)", expect: staffOnly(200), why: "a tab of the admin dashboard; who bid on what is staff's business (contract Roles: accept/reject bids — staff)" },
  "loads.get.available": { method: "GET", path: "/api/loads/:id", scenario: "an available load", expect: signedIn(200), why: "contract Roles: everyone sees available loads; private fields redacted for carriers" },
  "loads.get.ownAccepted": { method: "GET", path: "/api/loads/:id", scenario: "carrier's accepted load", expect: ownerOnly(200, 200), why: "contract Roles: accepted loads — own only; private fields still hidden until approved" },
  "loads.get.ownApproved": { method: "GET", path: "/api/loads/:id", scenario: "carrier's approved load", expect: ownerOnly(200, 200), why: "contract Roles: own only; the owner now sees postcode, address, contact, reference, PO number" },
  "loads.get.ownCompleted": { method: "GET", path: "/api/loads/:id", scenario: "carrier's completed load", expect: ownerOnly(200, 200), why: "contract Roles: own only" },
  "loads.get.cancelled": { method: "GET", path: "/api/loads/:id", scenario: "a cancelled load (was the carrier's)", expect: { anonymous: 401, pending: 401, carrier: 404, otherCarrier: 404, manager: 200, admin: 200 }, why: "contract Roles: see cancelled loads — carriers no (404), staff all" },
  "loads.get.unknown": { method: "GET", path: "/api/loads/:id", scenario: "no such load", expect: signedIn(404), why: "contract: 404" },
  "loads.get.notUuid": { method: "GET", path: "/api/loads/:id", scenario: "id is not a UUID", expect: signedIn(404), why: "contract: 404 (never a 500 from the database)" },
  "loads.create": { method: "POST", path: "/api/loads", scenario: "new load", expect: staffOnly(201), why: "contract Roles: create loads — staff" },
  "loads.import.dryRun": { method: "POST", path: "/api/loads/import", scenario: "dry run of a good CSV file", expect: staffOnly(200), why: "contract-beyond Load import: staff; a dry run answers 200 {valid, rows, errors}; the caller is checked before the body is read" },
  "loads.import.commit": { method: "POST", path: "/api/loads/import", scenario: "commit of a good CSV file", expect: staffOnly(201), why: "contract-beyond Load import: staff; every row created (201, docs/decisions/0025-load-import.md)" },
  "loads.import.bad": { method: "POST", path: "/api/loads/import", scenario: "commit of a file with a negative price", expect: staffOnly(400), why: "contract-beyond Load import: all or none, 400 with the errors; who may call is checked first" },
  "loads.import.template": { method: "GET", path: "/api/loads/import/template.csv", scenario: "the import template", expect: staffOnly(200), why: "contract-beyond Load import: the template downloads from the staff import dialog" },
  "loads.update": { method: "PUT", path: "/api/loads/:id", scenario: "an available load", expect: staffOnly(200), why: "contract Roles: edit loads — staff" },
  "loads.update.podComplete": { method: "PUT", path: "/api/loads/:id", scenario: "a load with both signatories", expect: staffOnly(409), why: "contract: 409 This load has completed POD information and cannot be edited." },
  "loads.copy": { method: "POST", path: "/api/loads/:id/copy", scenario: "copy a load", expect: staffOnly(201), why: "contract Roles: copy loads — staff" },
  "loads.accept.available": { method: "PATCH", path: "/api/loads/:id/accept", scenario: "an available load, for oneself", expect: signedIn(200), why: "contract Roles: accept a load — carrier, manager, admin (for themselves)" },
  "loads.accept.taken": { method: "PATCH", path: "/api/loads/:id/accept", scenario: "a load the carrier already accepted", expect: { anonymous: 401, pending: 401, carrier: 200, otherCarrier: 409, manager: 409, admin: 409 }, why: "contract accept: the carrier who holds it → 200 unchanged (a double click); anyone else, another company and staff alike → 409 Load is no longer available: a load that exists but is not there to take is 409 whether or not the caller may still see it (docs/decisions/0005-accept-not-found.md, revised)" },
  "loads.accept.cancelled": { method: "PATCH", path: "/api/loads/:id/accept", scenario: "a cancelled load", expect: signedIn(409), why: "contract accept: a cancelled load exists but is not there to take → 409 Load is no longer available, for carriers who may no longer see it as for staff; 404 only for an id that does not exist" },
  "loads.accept.zeroPrice": { method: "PATCH", path: "/api/loads/:id/accept", scenario: "an available load with price 0", expect: signedIn(409), why: "contract accept: price 0 → 409" },
  "loads.accept.onBehalf": { method: "PATCH", path: "/api/loads/:id/accept", scenario: "userId names another user", expect: signedIn(403), why: "contract accept: a carrier cannot accept on behalf of someone else (403). AMBIGUOUS for staff: safest is 403 too (staff assign a carrier through PATCH /status)" },
  "loads.status.approve": { method: "PATCH", path: "/api/loads/:id/status", scenario: "accepted → approved", expect: staffOnly(200), why: "contract Roles: approve an accepted load — manager or admin" },
  "loads.status.cancel": { method: "PATCH", path: "/api/loads/:id/status", scenario: "available → cancelled", expect: staffOnly(200), why: "contract Roles: change status — staff" },
  "loads.status.illegal": { method: "PATCH", path: "/api/loads/:id/status", scenario: "available → completed", expect: staffOnly(409), why: "contract: 409 for a transition the load state machine does not allow" },
  "loads.reset": { method: "PATCH", path: "/api/loads/:id/reset-to-available", scenario: "an approved load", expect: staffOnly(200), why: "contract Roles: reset — staff" },
  "loads.reset.available": { method: "PATCH", path: "/api/loads/:id/reset-to-available", scenario: "an available load", expect: staffOnly(409), why: "contract: only from accepted or approved (else 409)" },
  "loads.view.available": { method: "POST", path: "/api/loads/:id/view", scenario: "an available load", expect: signedIn(204), why: "any signed-in user opening a load records a view" },
  "loads.view.ownAccepted": { method: "POST", path: "/api/loads/:id/view", scenario: "carrier's accepted load", expect: ownerOnly(204, 204), why: "a load another carrier may not see cannot be opened by them (404)" },
  "loads.view.cancelled": { method: "POST", path: "/api/loads/:id/view", scenario: "a cancelled load", expect: { anonymous: 401, pending: 401, carrier: 404, otherCarrier: 404, manager: 204, admin: 204 }, why: "contract Roles: carriers do not see cancelled loads" },
  "loads.views": { method: "GET", path: "/api/loads/:id/views", scenario: "view history", expect: staffOnly(200), why: "contract Roles: view history — staff" },
  "loads.events": { method: "GET", path: "/api/loads/:id/events", scenario: "status history (audit)", expect: staffOnly(200), why: "contract Roles: view history — staff" },

  // ------------------------------------------------------------ saved searches
  "savedSearches.list": { method: "GET", path: "/api/saved-searches", scenario: "own saved searches", expect: signedIn(200), why: "contract-beyond: a user's own saved searches" },
  "savedSearches.create": { method: "POST", path: "/api/saved-searches", scenario: "a new search with a near filter", expect: signedIn(201), why: "contract-beyond: any signed-in user saves searches (at most 20)" },
  "savedSearches.update": { method: "PUT", path: "/api/saved-searches/:id", scenario: "the caller's own search", expect: signedIn(200), why: "contract-beyond: own only" },
  "savedSearches.update.other": { method: "PUT", path: "/api/saved-searches/:id", scenario: "another user's search", expect: signedIn(404), why: "contract-beyond: another user's id → 404" },
  "savedSearches.delete": { method: "DELETE", path: "/api/saved-searches/:id", scenario: "the caller's own search", expect: signedIn(204), why: "contract-beyond: own only" },
  "savedSearches.delete.other": { method: "DELETE", path: "/api/saved-searches/:id", scenario: "another user's search", expect: signedIn(404), why: "contract-beyond: another user's id → 404" },
  // ------------------------------------------------------------ bids
  "bids.place": { method: "POST", path: "/api/bids", scenario: "an available load", expect: signedIn(201), why: "contract Roles: place a bid — carrier, manager, admin" },
  "bids.update": { method: "POST", path: "/api/bids", scenario: "the caller's pending bid exists", expect: signedIn(200), why: "contract bids: 200 when it updated the caller's pending bid" },
  "bids.place.taken": { method: "POST", path: "/api/bids", scenario: "a load already accepted by the carrier", expect: signedIn(409), why: "contract bids: 409 load not available" },
  "bids.place.unknownLoad": { method: "POST", path: "/api/bids", scenario: "no such load", expect: signedIn(404), why: "contract: 404 no such resource" },
  "bids.own": { method: "GET", path: "/api/user/bids", scenario: "own bids", expect: signedIn(200), why: "contract: caller's bids" },
  "bids.forLoad": { method: "GET", path: "/api/loads/:id/bids", scenario: "a load's bids", expect: staffOnly(200), why: "contract: (staff)" },
  "bids.all": { method: "GET", path: "/api/admin/bids", scenario: "every bid", expect: staffOnly(200), why: "contract: (staff)" },
  "bids.accept": { method: "POST", path: "/api/bids/:id/accept", scenario: "a pending bid on an available load", expect: staffOnly(200), why: "contract Roles: accept bids — staff" },
  "bids.accept.rejected": { method: "POST", path: "/api/bids/:id/accept", scenario: "a rejected bid", expect: staffOnly(409), why: "accept only pending bids (409 wrong state)" },
  "bids.reject": { method: "POST", path: "/api/bids/:id/reject", scenario: "a pending bid", expect: staffOnly(200), why: "contract Roles: reject bids — staff" },
  "bids.reject.rejected": { method: "POST", path: "/api/bids/:id/reject", scenario: "an already rejected bid", expect: staffOnly(409), why: "contract: only pending bids (else 409)" },

  // ------------------------------------------------------------ POD and files
  "pod.ownApproved": { method: "PUT", path: "/api/loads/:id/pod", scenario: "carrier's approved load", expect: ownerOnly(200, 200), why: "contract Roles: complete POD on their own approved/completed load; staff yes; others 404 (may not know it)" },
  "pod.ownAccepted": { method: "PUT", path: "/api/loads/:id/pod", scenario: "carrier's accepted (not approved) load", expect: ownerOnly(409, 409), why: "contract POD: approved or completed only (else 409)" },
  "pod.available": { method: "PUT", path: "/api/loads/:id/pod", scenario: "an available load", expect: { anonymous: 401, pending: 401, carrier: 403, otherCarrier: 403, manager: 409, admin: 409 }, why: "contract POD: not their load (403: they can see it); staff: wrong state (409)" },
  "pod.ownCompleted": { method: "PUT", path: "/api/loads/:id/pod", scenario: "carrier's load completed by Mark Complete (no POD yet)", expect: ownerOnly(200, 200), why: "contract POD: approved or completed; staff's Mark Complete may precede the POD" },
  "pod.podComplete": { method: "PUT", path: "/api/loads/:id/pod", scenario: "carrier's completed load that already has both signatories", expect: ownerOnly([200, 409], [200, 409]), why: "AMBIGUOUS: contract lists 'POD complete' under 409 but also allows POD on completed loads (staff adding paperwork); either is accepted" },
  "objects.ticket": { method: "POST", path: "/api/objects/upload", scenario: "ask for an upload URL", expect: signedIn(200), why: "contract: POST /api/objects/upload (signed in)" },
  "objects.put.own": { method: "PUT", path: "/api/objects/upload/:token", scenario: "a PDF to the caller's own upload URL", expect: signedIn(200), why: "contract: the uploadURL accepts one PUT of the file" },
  "objects.put.others": { method: "PUT", path: "/api/objects/upload/:token", scenario: "someone else's upload URL", expect: signedIn(403), why: "a leaked upload URL is useless to anyone but the user it was issued to (safest reading)" },
  "objects.chunk.own": { method: "PUT", path: "/api/objects/upload/:token", scenario: "the first 256 KB chunk of a PDF (Content-Range) to the caller's own upload URL", expect: signedIn(202), why: "the uploadURL also takes a resumable upload in chunks; a chunk before the last is 202 with the new offset" },
  "objects.chunk.others": { method: "PUT", path: "/api/objects/upload/:token", scenario: "a chunk to someone else's upload URL", expect: signedIn(403), why: "the ticket's owner rule holds for chunks too" },
  "objects.offset.own": { method: "GET", path: "/api/objects/upload/:token", scenario: "how far the caller's own upload is", expect: signedIn(200), why: "resume asks the server for the bytes held (Upload-Offset)" },
  "objects.offset.others": { method: "GET", path: "/api/objects/upload/:token", scenario: "how far someone else's upload is", expect: signedIn(403), why: "only the ticket's owner learns anything of it" },
  "objects.get.ownLoad": { method: "GET", path: "/objects/:key", scenario: "paperwork of the carrier's completed load", expect: ownerOnly(200, 200), why: "contract: the file goes to staff and to the carrier of the load it is attached to; anyone else 403/404" },
  "objects.get.otherLoad": { method: "GET", path: "/objects/:key", scenario: "paperwork of the other carrier's approved load", expect: { anonymous: 401, pending: 401, carrier: 404, otherCarrier: 200, manager: 200, admin: 200 }, why: "contract: staff and the load's carrier only" },
  "objects.get.unattached": { method: "GET", path: "/objects/:key", scenario: "the carrier's upload not yet attached to a load", expect: { anonymous: 401, pending: 401, carrier: 200, otherCarrier: 404, manager: [200, 404], admin: [200, 404] }, why: "AMBIGUOUS: the contract names only attached files; the uploader may read it back, another carrier never; staff either" },
  "objects.get.unknown": { method: "GET", path: "/objects/:key", scenario: "no such file (UUID key)", expect: signedIn(404), why: "contract: 404" },
  "objects.get.notUuid": { method: "GET", path: "/objects/:key", scenario: "key is not a UUID", expect: { anonymous: [401, 404], pending: [401, 404], carrier: 404, otherCarrier: 404, manager: 404, admin: 404 }, why: "names no object: 404 (or 401 first)" },
  "objects.deeper": { method: "GET", path: "/objects/*", scenario: "a deeper path under /objects/", expect: { anonymous: [401, 404], pending: [401, 404], carrier: 404, otherCarrier: 404, manager: 404, admin: 404 }, why: "names no object and must not fall through to the web app" },
  "distance.ok": { method: "POST", path: "/api/calculate-distance", scenario: "two known postcodes", expect: signedIn(200), why: "contract: (signed in) → 200 {distance}" },
  "distance.unknown": { method: "POST", path: "/api/calculate-distance", scenario: "an unknown postcode", expect: signedIn(400), why: "contract: 400 for a missing or unknown postcode" },
  // ------------------------------------------------------------ lane rates
  "rates.lane": { method: "GET", path: "/api/rates/lane", scenario: "two postcodes", expect: signedIn(200), why: "contract-beyond: lane rates (signed in); figures only from 3 bookings up" },
  "rates.lane.byLoad": { method: "GET", path: "/api/rates/lane", scenario: "by loadId of an available load (the bid dialog)", expect: signedIn(200), why: "docs/decisions/0011-lane-rates.md: the lane of a load the caller may see, its postcodes never sent" },
  "rates.lane.byOwnLoad": { method: "GET", path: "/api/rates/lane", scenario: "by loadId of the carrier's accepted load", expect: ownerOnly(200, 200), why: "the same 404 as GET /api/loads/{id} for a load another carrier may not know exists" },
  "rates.lane.byCancelled": { method: "GET", path: "/api/rates/lane", scenario: "by loadId of a cancelled load", expect: { anonymous: 401, pending: 401, carrier: 404, otherCarrier: 404, manager: 200, admin: 200 }, why: "contract Roles: carriers do not see cancelled loads" },
  "rates.lane.badPostcode": { method: "GET", path: "/api/rates/lane", scenario: "a postcode that cannot be one", expect: signedIn(400), why: "contract: 400 with the spec's postcode message" },
  // ------------------------------------------------------------ CSV exports
  "exports.loads": { method: "GET", path: "/api/export/loads.csv", scenario: "the All Loads tab's filters", expect: staffOnly(200), why: "contract-beyond: CSV exports are staff only (a carrier 403, as every staff call)" },
  "exports.loads.badQuery": { method: "GET", path: "/api/export/loads.csv", scenario: "a sort the list does not know", expect: staffOnly(400), why: "the query of GET /api/loads, refused as that call refuses it; the role is checked first" },
  "exports.users": { method: "GET", path: "/api/export/users.csv", scenario: "the Users tab's search and order", expect: staffOnly(200), why: "contract-beyond: CSV exports are staff only" },
  "exports.carriers": { method: "GET", path: "/api/export/carriers.csv", scenario: "the Carriers tab's search", expect: staffOnly(200), why: "contract-beyond: CSV exports are staff only" },
  "exports.invoices": { method: "GET", path: "/api/export/invoices.csv", scenario: "the Invoices tab's filters", expect: staffOnly(200), why: "contract-beyond: /api/export/invoices.csv, staff only (a carrier reads their own invoices through GET /api/invoices and the statement)" },
  "exports.bids": { method: "GET", path: "/api/export/bids.csv", scenario: "the Loads with Bids tab's pending bids", expect: staffOnly(200), why: "contract-beyond: CSV exports are staff only (bidders' names and amounts)" },

  // ------------------------------------------------------------ staff insight
  "insight": { method: "GET", path: "/api/insight", scenario: "the last 12 UK weeks' figures", expect: staffOnly(200), why: "contract-beyond: the staff insight page (a carrier 403, as every staff call); spend across every carrier" },
  "insight.badWeeks": { method: "GET", path: "/api/insight", scenario: "?weeks=105 (above the 104 allowed)", expect: staffOnly(400), why: "docs/decisions/0018-insight.md: 1 to 104 weeks; the role is checked first" },

  // ------------------------------------------------------------ self-billing invoices (docs/decisions/0017-invoices.md)
  "invoices.list": { method: "GET", path: "/api/invoices", scenario: "the caller's invoices (the carrier's company has some)", expect: signedIn(200), why: "contract-beyond: a carrier their company's, staff all; checked: a carrier never sees another company's invoice" },
  "invoices.list.badLimit": { method: "GET", path: "/api/invoices", scenario: "?limit=201 (above the 200 allowed)", expect: signedIn(400), why: "docs/decisions/0017-invoices.md: pages of 50, at most 200 (as the bell's list)" },
  "invoices.get": { method: "GET", path: "/api/invoices/:id", scenario: "an invoice of the carrier's company", expect: ownerOnly(200, 200), why: "contract-beyond: the list's visibility; another company's invoice is one the caller may not know exists (404)" },
  "invoices.get.unknown": { method: "GET", path: "/api/invoices/:id", scenario: "no such invoice", expect: signedIn(404), why: "contract: 404 no such resource" },
  "invoices.pdf": { method: "GET", path: "/api/invoices/:id/pdf", scenario: "the PDF of an invoice of the carrier's company", expect: ownerOnly(200, 200), why: "contract-beyond: GET /api/invoices/{id}/pdf, the list's visibility (another company's: 404)" },
  "invoices.statement": { method: "GET", path: "/api/invoices/statement", scenario: "this month as CSV, no companyId", expect: { anonymous: 401, pending: 401, carrier: 200, otherCarrier: 404, manager: 400, admin: 400 }, why: "contract-beyond: a carrier gets their company's; staff must name it (companyId= required → 400); a carrier with no company record has none (404)" },
  "invoices.statement.company": { method: "GET", path: "/api/invoices/statement", scenario: "companyId of the carrier's company, as PDF", expect: ownerOnly(200, 200), why: "contract-beyond: staff name any company; another company's statement is 404, as its invoices" },
  "invoices.paid": { method: "POST", path: "/api/invoices/:id/paid", scenario: "an issued invoice, paid today", expect: staffOnly(200), why: "contract-beyond: POST /api/invoices/{id}/paid (staff → 200 with the invoice); a carrier 403, even for their own" },
  "invoices.paid.paid": { method: "POST", path: "/api/invoices/:id/paid", scenario: "an invoice already paid", expect: staffOnly(409), why: "contract-beyond: only an issued invoice, else 409; the role is checked first" },
  "invoices.bulkPaid": { method: "POST", path: "/api/invoices/paid", scenario: "a payment run of two issued invoices", expect: staffOnly(200), why: "our addition (docs/decisions/0017-invoices.md): a payment run is staff's, as marking one paid" },
  "invoices.settings.get": { method: "GET", path: "/api/admin/invoice-settings", scenario: "payment terms and the network's details", expect: staffOnly(200), why: "contract-beyond: GET /api/admin/invoice-settings; /api/admin/ settings are staff's (contract Roles: email schedule — manager and admin)" },
  "invoices.settings.put": { method: "PUT", path: "/api/admin/invoice-settings", scenario: "save 30 days' terms", expect: staffOnly(200), why: "contract-beyond: PUT /api/admin/invoice-settings — staff, like the email schedule and compliance settings" },

  // ------------------------------------------------------------ waiting-time claims (docs/decisions/0030-waiting-claims.md)
  "claims.settings.get": { method: "GET", path: "/api/admin/waiting-time-settings", scenario: "free minutes, rate, cap and claim window", expect: staffOnly(200), why: "contract-network: GET|PUT /api/admin/waiting-time-settings (staff)" },
  "claims.settings.put": { method: "PUT", path: "/api/admin/waiting-time-settings", scenario: "save the defaults", expect: staffOnly(200), why: "contract-network: waiting-time settings are staff's" },
  "claims.settings.put.range": { method: "PUT", path: "/api/admin/waiting-time-settings", scenario: "claimDays 91 (above 90)", expect: staffOnly(400), why: "contract-network: ranges 0–480, 0–500, 1–24, 1–90, else 400; the role is checked first" },
  "claims.submit": { method: "POST", path: "/api/loads/:id/waiting-claims", scenario: "the carrier's booked load, 2 h beyond the free time at delivery", expect: { anonymous: 401, pending: 401, carrier: 201, otherCarrier: 404, manager: 403, admin: 403 }, why: "contract-network: by a member of the holding company; another's load is one the caller may not know of (404); AMBIGUOUS: staff decide claims and send none (403)" },
  "claims.submit.twice": { method: "POST", path: "/api/loads/:id/waiting-claims", scenario: "the stop is claimed already", expect: { anonymous: 401, pending: 401, carrier: 409, otherCarrier: 404, manager: 403, admin: 403 }, why: "contract-network: one claim per stop (a second → 409)" },
  "claims.list": { method: "GET", path: "/api/waiting-claims", scenario: "the caller's claims (the carrier's company has one)", expect: signedIn(200), why: "contract-network: a carrier their company's, staff all; checked: a carrier of no company sees none" },
  "claims.approve": { method: "POST", path: "/api/waiting-claims/:id/approve", scenario: "a pending claim at its amount", expect: staffOnly(200), why: "contract-network: POST /api/waiting-claims/{id}/approve (staff)" },
  "claims.approve.decided": { method: "POST", path: "/api/waiting-claims/:id/approve", scenario: "a claim already approved", expect: staffOnly(409), why: "contract-network: only a pending claim is decided (else 409); the role is checked first" },
  "claims.reject": { method: "POST", path: "/api/waiting-claims/:id/reject", scenario: "a pending claim, with a reason", expect: staffOnly(200), why: "contract-network: POST /api/waiting-claims/{id}/reject {reason} (staff)" },

  // ------------------------------------------------------------ stops on a booked load (docs/decisions: stops)
  "stops.arrival": { method: "POST", path: "/api/loads/:id/stops/:stop/arrival", scenario: "the carrier's approved load, pickup, with a position", expect: ownerOnly(200, 200), why: "contract-network Stops: by a member of the holding company or staff; another's load is one the caller may not know of (404)" },
  "stops.arrival.twice": { method: "POST", path: "/api/loads/:id/stops/:stop/arrival", scenario: "arrival at pickup already recorded", expect: ownerOnly(409, 409), why: "contract-network Stops: recording a stop twice → 409" },
  "stops.arrival.accepted": { method: "POST", path: "/api/loads/:id/stops/:stop/arrival", scenario: "the carrier's accepted (not yet approved) load", expect: ownerOnly(409, 409), why: "contract-network Stops: only a booked load (approved, or completed within the claim days)" },
  "stops.arrival.available": { method: "POST", path: "/api/loads/:id/stops/:stop/arrival", scenario: "an available load", expect: { anonymous: 401, pending: 401, carrier: 404, otherCarrier: 404, manager: 409, admin: 409 }, why: "no carrier holds it: carriers 404 (stops are the holder's); staff: not booked (409)" },
  "stops.arrival.other": { method: "POST", path: "/api/loads/:id/stops/:stop/arrival", scenario: "an approved load a third company holds", expect: { anonymous: 401, pending: 401, carrier: 404, otherCarrier: 404, manager: 200, admin: 200 }, why: "contract-network Stops: someone else's load is 404 (never 403: it does not tell them it is there); staff may record for the holder" },
  "stops.departure": { method: "POST", path: "/api/loads/:id/stops/:stop/departure", scenario: "the carrier's approved load, arrived 30 minutes ago", expect: ownerOnly(200, 200), why: "contract-network Stops: departure after arrival, by the holding company or staff" },
  "stops.correct": { method: "PUT", path: "/api/loads/:id/stops/:stop", scenario: "correct the pickup arrival of the carrier's load, with a reason", expect: staffOnly(200), why: "contract-network Stops: staff correct with PUT, a history line naming old and new times" },
  "stops.positions": { method: "GET", path: "/api/loads/:id/stops/positions", scenario: "the positions sent with a load's stop times", expect: staffOnly(200), why: "contract-network Stops: the position is kept 30 days, seen by staff only" },

  // ------------------------------------------------------------ messages and counter-offers on a load (contract-network)
  "messages.list": { method: "GET", path: "/api/loads/:id/messages", scenario: "the carrier's booked load: their company's thread", expect: ownerOnly(200, 200), why: "contract-network Messages: a carrier their company's thread while the load is available or held by their company (else 404); staff every thread" },
  "messages.list.other": { method: "GET", path: "/api/loads/:id/messages", scenario: "a load another company holds", expect: { anonymous: 401, pending: 401, carrier: 404, otherCarrier: 404, manager: 200, admin: 200 }, why: "contract-network Messages: once the load went to someone else the carrier's thread is 404; staff see every thread" },
  "messages.post": { method: "POST", path: "/api/loads/:id/messages", scenario: "a message in the carrier's company's thread (staff name it)", expect: ownerOnly(201, 201), why: "contract-network Messages: 201 with the message; a carrier of no company or of another has no thread here (404)" },
  "messages.post.empty": { method: "POST", path: "/api/loads/:id/messages", scenario: "an empty body", expect: signedIn(400), why: "contract-network Messages: plain text 1–2,000 characters, else 400; the body is checked before the thread (a 400 tells nothing of the load)" },
  "messages.unread": { method: "GET", path: "/api/messages/unread", scenario: "the caller's threads with unread messages", expect: signedIn(200), why: "our addition (docs/decisions/0033): the header's messages entry; each caller only their own threads" },
  "messages.read": { method: "POST", path: "/api/loads/:id/messages/read", scenario: "mark the carrier's company's thread read (staff name it)", expect: ownerOnly(200, 200), why: "contract-network Messages: POST /api/loads/{id}/messages/read {companyId?}" },
  "bids.counter": { method: "POST", path: "/api/bids/:id/counter", scenario: "a pending bid on an available load", expect: staffOnly(200), why: "contract-network Counter-offer: staff; a pending bid on an available load" },
  "bids.counter.rejected": { method: "POST", path: "/api/bids/:id/counter", scenario: "a rejected bid", expect: staffOnly(409), why: "contract-network Counter-offer: only a pending bid (409 wrong state); the role is checked first" },
  "bids.acceptCounter": { method: "POST", path: "/api/bids/:id/accept-counter", scenario: "the carrier's countered bid on an available load", expect: { anonymous: 401, pending: 401, carrier: 200, otherCarrier: 404, manager: 403, admin: 403 }, why: "contract-network: the bidder answers; another carrier may not know the bid exists (404); AMBIGUOUS: staff may not answer for the bidder (403)" },
  "bids.acceptCounter.expired": { method: "POST", path: "/api/bids/:id/accept-counter", scenario: "the carrier's counter, lapsed a minute ago", expect: { anonymous: 401, pending: 401, carrier: 409, otherCarrier: 404, manager: 403, admin: 403 }, why: "contract-network: after expiry → 409 \"This offer has expired\"" },
  "bids.declineCounter": { method: "POST", path: "/api/bids/:id/decline-counter", scenario: "the carrier's countered bid", expect: { anonymous: 401, pending: 401, carrier: 200, otherCarrier: 404, manager: 403, admin: 403 }, why: "contract-network: the bidder declines (back to pending at the bid's own amount)" },
  "bids.history": { method: "GET", path: "/api/bids/:id/history", scenario: "the carrier's bid", expect: ownerOnly(200, 200), why: "contract-network: every amount, counter and answer; the bidder's company and staff only (another carrier 404)" },

  // ------------------------------------------------------------ admin email, guide, stats, live
  "email.sendNow": { method: "POST", path: "/api/admin/send-available-loads-email", scenario: "email available loads now", expect: staffOnly(200), why: "contract Roles: email now — staff" },
  "email.schedule.get": { method: "GET", path: "/api/admin/email-schedule-settings", scenario: "read schedule", expect: staffOnly(200), why: "contract Roles: email schedule — staff" },
  "email.schedule.put": { method: "PUT", path: "/api/admin/email-schedule-settings", scenario: "save schedule", expect: staffOnly(200), why: "contract Roles: email schedule — staff" },
  "mail.list": { method: "GET", path: "/api/admin/mail", scenario: "failed mail of the outbox", expect: staffOnly(200), why: "failed mail with its error in the admin area — staff" },
  "mail.resend": { method: "POST", path: "/api/admin/mail/:id/resend", scenario: "a failed message", expect: staffOnly(200), why: "resend failed mail from the admin area — staff" },
  "mail.batch": { method: "GET", path: "/api/admin/mail/batches/:id", scenario: "progress of an available-loads email", expect: staffOnly(200), why: "the bulk send's delivered and failed counts as they happen — staff, like the send" },
  "guide.pdf": { method: "GET", path: "/api/pdf/user-guide", scenario: "?version=1.0", expect: all(200), why: "contract: signed in or not (the login page's Help opens it)" },
  "stats": { method: "GET", path: "/api/stats", scenario: "the five tiles", expect: signedIn(200), why: "contract: counts of the caller's own loads (staff: everyone's)" },
  "live": { method: "GET", path: "/api/live", scenario: "open the change-notice stream", expect: signedIn(200), why: "live notices only to signed-in users (loads as that user may see them, own-data topics)" },
  // ------------------------------------------------------------ notifications
  "notifications.list": { method: "GET", path: "/api/notifications", scenario: "the bell: own notifications", expect: signedIn(200), why: "contract-beyond: a user's own notifications and unread count" },
  "notifications.read": { method: "POST", path: "/api/notifications/read", scenario: "mark all own read", expect: signedIn(200), why: "contract-beyond: own only; another user's id is ignored" },
  "notifications.prefs.get": { method: "GET", path: "/api/notification-preferences", scenario: "own email preferences", expect: signedIn(200), why: "contract-beyond: every type listed, default on" },
  "notifications.prefs.put": { method: "PUT", path: "/api/notification-preferences", scenario: "turn one type off", expect: signedIn(200), why: "contract-beyond: a user's own preferences" },
  "unsubscribe.get": { method: "GET", path: "/api/unsubscribe", scenario: "a signed link: the confirm page", expect: all(200), why: "contract-beyond: RFC 8058 link works signed out (the token is the credential); GET only asks" },
  "unsubscribe.post": { method: "POST", path: "/api/unsubscribe", scenario: "a signed link: one click", expect: all(200), why: "contract-beyond: POST to the link, signed out, turns that email type off (200)" },
  "unsubscribe.forged": { method: "POST", path: "/api/unsubscribe", scenario: "a token whose signature does not hold", expect: all(400), why: "contract-beyond: a signed token; a forged one changes nothing" },
  // ------------------------------------------------------------ company documents and compliance (docs/decisions/0013-compliance.md)
  "documents.list": { method: "GET", path: "/api/companies/:id/documents", scenario: "the carrier's company's documents", expect: ownerOnly(200, 200), why: "contract-beyond: GET /api/companies/{id}/documents — members and staff; others 404" },
  "documents.list.unknown": { method: "GET", path: "/api/companies/:id/documents", scenario: "no such company", expect: signedIn(404), why: "contract: 404 no such resource" },
  "documents.create": { method: "POST", path: "/api/companies/:id/documents", scenario: "the caller's own upload, to the carrier's company", expect: ownerOnly(201, 201), why: "contract-beyond: POST /api/companies/{id}/documents — members and staff; others 404 (before the body is read)" },
  "documents.create.pastExpiry": { method: "POST", path: "/api/companies/:id/documents", scenario: "expiresOn yesterday (UK)", expect: ownerOnly(400, 400), why: "contract-beyond: an expiresOn in the past → 400; an outsider still 404" },
  "documents.verify": { method: "POST", path: "/api/documents/:id/verify", scenario: "a pending document of the carrier's company", expect: staffOnly(200), why: "contract-beyond: verify (staff); a carrier, even a member, 403 like every staff call" },
  "documents.verify.verified": { method: "POST", path: "/api/documents/:id/verify", scenario: "an already verified document", expect: staffOnly(409), why: "contract 409: the resource is in the wrong state (only pending documents are reviewed)" },
  "documents.reject": { method: "POST", path: "/api/documents/:id/reject", scenario: "a pending document, with a reason", expect: staffOnly(200), why: "contract-beyond: reject {reason} (staff)" },
  "documents.reject.rejected": { method: "POST", path: "/api/documents/:id/reject", scenario: "an already rejected document", expect: staffOnly(409), why: "contract 409: only pending documents are reviewed" },
  "documents.review": { method: "GET", path: "/api/documents", scenario: "the Compliance tab: ?view=expired", expect: staffOnly(200), why: "our addition (docs/decisions/0013-compliance.md): the staff Compliance tab lists" },
  "compliance.summary": { method: "GET", path: "/api/compliance/summary", scenario: "the Compliance tab's counts", expect: staffOnly(200), why: "our addition (docs/decisions/0013-compliance.md): counts for the tab title" },
  "compliance.me": { method: "GET", path: "/api/compliance/me", scenario: "own company's status and the settings", expect: signedIn(200), why: "our addition (docs/decisions/0013-compliance.md): the board explains a refusal before the button" },
  "compliance.settings.get": { method: "GET", path: "/api/admin/compliance-settings", scenario: "read the two switches", expect: staffOnly(200), why: "contract-beyond: GET /api/admin/compliance-settings; /api/admin/ settings are staff's (contract Roles: email schedule — manager and admin)" },
  "compliance.settings.put": { method: "PUT", path: "/api/admin/compliance-settings", scenario: "save both off", expect: staffOnly(200), why: "contract-beyond: PUT /api/admin/compliance-settings — staff, like the email schedule" },
  "compliance.settings.preview": { method: "GET", path: "/api/admin/compliance-settings/preview", scenario: "what both switches on would block", expect: staffOnly(200), why: "our addition beside the compliance settings: names companies and bids, so staff's like the settings themselves" },
  "objects.get.companyDocument": { method: "GET", path: "/objects/:key", scenario: "the file of a document of the carrier's company", expect: ownerOnly(200, 200), why: "contract-beyond: the file is served like POD paperwork — to the company's members and staff only" },
  // ------------------------------------------------------------ registration with documents (docs/decisions/0013-compliance.md)
  // The applicant is a caller of its own: the `applicant` cookie of a self-registration. Each actor sends it (or not) beside their own session, which counts for nothing here.
  "registration.upload.noApplicant": { method: "POST", path: "/api/registration/upload", scenario: "no applicant cookie (only the actor's session)", expect: all(401), why: "only a pending applicant's cookie may ask for a registration upload; a session is no applicant (signed out and signed-in carrier alike)" },
  "registration.upload": { method: "POST", path: "/api/registration/upload", scenario: "a live applicant cookie beside the actor's session", expect: all(200), why: "the applicant's upload ticket (same checks and per-user rate limit as POST /api/objects/upload)" },
  "registration.put.noApplicant": { method: "PUT", path: "/api/registration/upload/:token", scenario: "an applicant's upload URL, no applicant cookie", expect: all(401), why: "the URL is the applicant's; no session may use it" },
  "registration.put": { method: "PUT", path: "/api/registration/upload/:token", scenario: "a PDF to the applicant's own upload URL, with their cookie", expect: all(200), why: "the applicant's file, content-checked like every upload" },
  "registration.documents.noApplicant": { method: "POST", path: "/api/registration/documents", scenario: "no applicant cookie (only the actor's session)", expect: all(401), why: "a session cookie cannot post an applicant's documents" },
  "registration.documents": { method: "POST", path: "/api/registration/documents", scenario: "vehicle insurance, the applicant's own upload", expect: all(201), why: "registration accepts the two insurance documents as uploads" },
  "registration.documents.wrongKind": { method: "POST", path: "/api/registration/documents", scenario: "a FORS certificate with the applicant's cookie", expect: all(400), why: "only vehicle_insurance and goods_in_transit at registration" },
  "registration.documents.list.noApplicant": { method: "GET", path: "/api/registration/documents", scenario: "no applicant cookie (only the actor's session)", expect: all(401), why: "the applicant's own list, for the applicant cookie only" },
  "registration.documents.list": { method: "GET", path: "/api/registration/documents", scenario: "a live applicant cookie", expect: all(200), why: "the applicant's own documents" },
  "csrf.registration": { method: "POST", path: "/api/registration/documents", scenario: "foreign Origin with a live applicant cookie", expect: all(403), why: "contract Conventions: a state-changing request whose Origin names another site → 403 (the cookie is also SameSite=Strict)" },

  // ------------------------------------------------------------ the company record
  "companies.list": { method: "GET", path: "/api/companies", scenario: "every company with compliance and memberCount", expect: staffOnly(200), why: "contract-beyond: GET /api/companies (staff)" },
  "companies.get": { method: "GET", path: "/api/companies/:id", scenario: "the carrier's company", expect: ownerOnly(200, 200), why: "contract-beyond: GET /api/companies/{id} — staff and its members; others 404" },
  "companies.get.unknown": { method: "GET", path: "/api/companies/:id", scenario: "no such company", expect: signedIn(404), why: "contract: 404 no such resource" },
  "companies.update": { method: "PUT", path: "/api/companies/:id", scenario: "the carrier's company: operator licence", expect: ownerOnly(200, 200), why: "contract-beyond: PUT /api/companies/{id} — members and staff edit the profile; others 404 (before the body is read)" },
  "companies.update.badFormat": { method: "PUT", path: "/api/companies/:id", scenario: "the carrier's company: a Companies House number of 7 digits", expect: ownerOnly(400, 400), why: "contract-beyond: format errors → 400 with details; an outsider still 404" },
  "companies.update.rename": { method: "PUT", path: "/api/companies/:id", scenario: "a changed name (the carrier: of their own company)", expect: { anonymous: 401, pending: 401, carrier: 403, otherCarrier: 404, manager: 200, admin: 200 }, why: "contract-beyond: only staff change name; a member sending a changed name → 403; not a member → 404" },
  "companies.update.vatNumber": { method: "PUT", path: "/api/companies/:id", scenario: "a VAT number (the carrier: on their own company)", expect: ownerOnly(200, 200), why: "contract-beyond, the VAT rule: a member's vatNumber is only a proposal (proposedVatNumber; the VAT number in force unchanged); staff set it" },
  "companies.vatConfirm": { method: "POST", path: "/api/companies/:id/vat-number/confirm", scenario: "a proposed VAT number waiting (the carrier: on their own company)", expect: staffOnly(200), why: "contract-beyond, the VAT rule: only staff confirm a proposed VAT number; a member may not confirm their own" },
  "companies.merge": { method: "POST", path: "/api/companies/:id/merge", scenario: "one company into another", expect: staffOnly(200), why: "contract-beyond: only staff merge companies" },
  "companies.merge.self": { method: "POST", path: "/api/companies/:id/merge", scenario: "a company into itself", expect: staffOnly(400), why: "merging a company into itself → 400" },
  "companies.moveUser": { method: "PUT", path: "/api/users/:id/company", scenario: "a carrier to another company", expect: staffOnly(200), why: "contract-beyond: only staff move a user between companies" },
  "companies.moveUser.staff": { method: "PUT", path: "/api/users/:id/company", scenario: "a manager's account", expect: staffOnly(409), why: "only an approved carrier belongs to a company (docs/decisions/0013-compliance.md): wrong state → 409" },

  // ------------------------------------------------------------ scorecards (contract-network, docs/decisions/0034-scorecards.md)
  "scorecards.company": { method: "GET", path: "/api/companies/:id/scorecard", scenario: "the carrier's company's scorecard", expect: ownerOnly(200, 200), why: "contract-network Scorecards: staff and the company's members; others 404 (a company never sees another's loads)" },
  "scorecards.company.unknown": { method: "GET", path: "/api/companies/:id/scorecard", scenario: "no such company", expect: signedIn(404), why: "contract: 404 no such resource" },
  "scorecards.company.days": { method: "GET", path: "/api/companies/:id/scorecard", scenario: "days=6 (below 7)", expect: signedIn(400), why: "contract-network: days 7–365, else 400; the query is read before the company (a 400 tells nothing of it)" },
  "scorecards.network": { method: "GET", path: "/api/scorecard/network", scenario: "30 days of the network's record", expect: signedIn(200), why: "contract-network Scorecards: GET /api/scorecard/network (signed in)" },
  "scorecards.network.days": { method: "GET", path: "/api/scorecard/network", scenario: "days=366 (above 365)", expect: signedIn(400), why: "contract-network: days 7–365, else 400" },
  "scorecards.companies.sort": { method: "GET", path: "/api/companies", scenario: "sorted by on-time delivery, worst last", expect: staffOnly(200), why: "contract-network Screens: the Carriers tab sorts by on-time delivery and POD hours (staff list)" },
  "scorecards.reset.withdrew": { method: "PATCH", path: "/api/loads/:id/reset-to-available", scenario: "the carrier's approved load, reason \"carrier withdrew\"", expect: staffOnly(200), why: "contract-network Scorecards: staff mark a reset as \"carrier withdrew\" (a hand-back)" },

  // ------------------------------------------------------------ trucks and return loads (contract-network, docs/decisions/0035-trucks.md)
  "trucks.post": { method: "POST", path: "/api/trucks", scenario: "a flatbed in Leeds a week ahead", expect: { anonymous: 401, pending: 401, carrier: 201, otherCarrier: 403, manager: 403, admin: 403 }, why: "contract-network Trucks: a carrier company posts capacity; AMBIGUOUS: staff post none (403 \"Only carriers post trucks\"), nor a carrier of no company (403)" },
  "trucks.list": { method: "GET", path: "/api/trucks", scenario: "the caller's trucks (the carrier's company has one)", expect: signedIn(200), why: "contract-network Trucks: a carrier their company's; staff all open; checked: a carrier of no company sees none" },
  "trucks.delete": { method: "DELETE", path: "/api/trucks/:id", scenario: "the carrier's company's open truck", expect: ownerOnly(204, 204), why: "contract-network Trucks: DELETE by the company or staff; another company's truck is one the caller may not know of (404)" },
  "trucks.matches": { method: "GET", path: "/api/trucks/:id/matches", scenario: "the carrier's company's open truck", expect: ownerOnly(200, 200), why: "contract-network Trucks: matches for staff and the company (others 404)" },
  "trucks.offer": { method: "POST", path: "/api/trucks/:id/offer", scenario: "an available load offered to an open truck", expect: staffOnly(200), why: "contract-network Trucks: POST /api/trucks/{id}/offer {loadId} (staff)" },
  "trucks.returnLoads": { method: "GET", path: "/api/loads/:id/return-loads", scenario: "the carrier's approved load", expect: ownerOnly(200, 200), why: "contract-network Return loads: the holding company once the load is accepted, and staff (others 404)" },

  // ------------------------------------------------------------ integrations
  "openapi.json": { method: "GET", path: "/api/openapi.json", scenario: "the OpenAPI document", expect: all(200), why: "contract-beyond: GET /api/openapi.json, signed in or not" },
  "openapi.docs": { method: "GET", path: "/api/docs", scenario: "the API reference page", expect: all(200), why: "contract-beyond: a reference page at /api/docs, signed in or not" },
  "apiTokens.create": { method: "POST", path: "/api/admin/api-tokens", scenario: "a token with loads:read", expect: adminOnly(201), why: "contract-beyond: API tokens, admins only (a manager 403)" },
  "apiTokens.create.bad": { method: "POST", path: "/api/admin/api-tokens", scenario: "no name, an unknown scope", expect: adminOnly(400), why: "contract: 400 with details; who may call is checked first" },
  "apiTokens.list": { method: "GET", path: "/api/admin/api-tokens", scenario: "the tokens (never the token)", expect: adminOnly(200), why: "contract-beyond: GET lists without tokens, admins only" },
  "apiTokens.revoke": { method: "DELETE", path: "/api/admin/api-tokens/:id", scenario: "a token of another admin", expect: adminOnly(204), why: "contract-beyond: DELETE revokes at once, admins only (any admin: the tokens are the network's)" },
  "apiTokens.revoke.unknown": { method: "DELETE", path: "/api/admin/api-tokens/:id", scenario: "no such token", expect: adminOnly(404), why: "contract: 404 no such resource" },
  "webhooks.create": { method: "POST", path: "/api/admin/webhooks", scenario: "a public https URL, invoice.paid", expect: adminOnly(201), why: "contract-beyond: webhooks, admins only (a manager 403); 201 with the secret shown once" },
  "webhooks.create.private": { method: "POST", path: "/api/admin/webhooks", scenario: "a loopback URL (WEBHOOK_ALLOW_PRIVATE unset)", expect: adminOnly(400), why: "contract-beyond: a URL on a loopback, private or link-local address is refused (400); who may call is checked first" },
  "webhooks.list": { method: "GET", path: "/api/admin/webhooks", scenario: "the endpoints (never a secret)", expect: adminOnly(200), why: "contract-beyond: GET, admins only" },
  "webhooks.update": { method: "PUT", path: "/api/admin/webhooks/:id", scenario: "change an endpoint's events", expect: adminOnly(200), why: "contract-beyond: PUT, admins only" },
  "webhooks.delete": { method: "DELETE", path: "/api/admin/webhooks/:id", scenario: "an endpoint", expect: adminOnly(204), why: "contract-beyond: DELETE, admins only" },
  "webhooks.delete.unknown": { method: "DELETE", path: "/api/admin/webhooks/:id", scenario: "no such endpoint", expect: adminOnly(404), why: "contract: 404 no such resource" },
  "webhooks.deliveries": { method: "GET", path: "/api/admin/webhooks/:id/deliveries", scenario: "an endpoint's delivery log", expect: adminOnly(200), why: "contract-beyond: GET /api/admin/webhooks/{id}/deliveries, admins only" },
  "webhooks.retry.unknown": { method: "POST", path: "/api/admin/webhooks/:id/deliveries/:deliveryId/retry", scenario: "no such delivery", expect: adminOnly(404), why: "contract-beyond: POST …/deliveries/{id}/retry, admins only; 404 no such resource (a real retry: webhooks.test.ts)" },
} as const satisfies Record<string, PolicyRow>;

export type PolicyCase = keyof typeof POLICY;

/** Is `status` one of the statuses the cell allows? */
export function allows(expected: Expected, status: number): boolean {
  return typeof expected === "number" ? expected === status : expected.includes(status);
}
