// Fuzz routes of scorecards: a company's scorecard (the route's companies, a UUID of
// none, garbage) and the network's, with days from inside the range to far outside
// it; a reset to available with hostile reasons (the hand-back's "carrier withdrew" among them).
import fc from "fast-check";
import { fuzzQuery, nastyString } from "./fuzz-arbitraries";
import { text } from "./fuzz-bodies";
import { getRoute, id, idRoute, noBody, type FuzzRoute } from "./fuzz-kit";

const days = fc.record({ days: fc.constantFrom("7", "90", "365", "6", "366", "0", "-1", "1.5", "x", "1e3", "", " 30 ") }, { requiredKeys: [] });

export const SCORECARD_ROUTES: FuzzRoute[] = [
  {
    method: "GET",
    path: "/api/companies/:id/scorecard",
    cases: (tg) => fc.record({ path: id(tg.companyIds).map((v) => `/api/companies/${v}/scorecard`), query: fuzzQuery(days), body: noBody }),
  },
  getRoute("/api/scorecard/network", days),
  idRoute("PATCH", "/api/loads/:id/reset-to-available", (tg) => tg.loadIds, () =>
    fc.record({ reason: fc.oneof(fc.constantFrom("carrier withdrew", "Carrier Withdrew ", "", " "), text(40), nastyString, fc.string({ minLength: 495, maxLength: 505 })) }, { requiredKeys: [] }),
  ),
];
