// Routes the fuzz sends hostile requests to: the company record, its documents and compliance, registration with documents.
// The runner takes them in the order of ROUTES (test/fuzz-routes.ts).
import fc from "fast-check";
import { fuzzQuery, segment } from "./fuzz-arbitraries";
import { SELF, bodyRoute, getRoute, idRoute, uuidOr, type FuzzRoute } from "./fuzz-kit";
import {
  applicantRoute,
  applicantTargets,
  companyBase,
  documentBase,
  documentTargets,
  registrationDocumentBase,
  seedDocumentTargets,
  text,
  uploadBody,
} from "./fuzz-bodies";

export const COMPANY_ROUTES: FuzzRoute[] = [
  // ---------------------------------------------------------------- the company record
  getRoute(
    "/api/companies",
    fc.record(
      {
        search: fc.constantFrom("Fuzz", "ltd", "%", "_", "\\"),
        compliance: fc.constantFrom("compliant", "expiring", "non_compliant", "good"),
        sort: fc.constantFrom("name", "-name", "memberCount", "-memberCount", "compliance", "-compliance", "createdAt", "-createdAt", "size"),
        limit: fc.constantFrom("1", "50", "200", "201", "0"),
        offset: fc.constantFrom("0", "2", "-1", "x"),
      },
      { requiredKeys: [] },
    ),
  ),
  idRoute("GET", "/api/companies/:id", (tg) => tg.companyIds),
  idRoute("PUT", "/api/companies/:id", (tg) => tg.companyIds, companyBase),
  idRoute("POST", "/api/companies/:id/merge", (tg) => tg.companyIds, (tg) => fc.record({ intoId: uuidOr(tg.companyIds) }, { requiredKeys: [] })),
  idRoute("POST", "/api/companies/:id/vat-number/confirm", (tg) => tg.companyIds, () => fc.record({ vatNumber: fc.constantFrom("GB123456789", "gb 123 4567 89", "", "x") }, { requiredKeys: [] })),
  idRoute("PUT", "/api/users/:id/company", (tg) => [SELF, ...tg.userIds], (tg) => fc.record({ companyId: uuidOr(tg.companyIds) }, { requiredKeys: [] })),
  // ---------------------------------------------------------------- company documents and compliance
  idRoute("GET", "/api/companies/:id/documents", (tg) => tg.companyIds),
  idRoute("POST", "/api/companies/:id/documents", (tg) => tg.companyIds, documentBase, { setup: seedDocumentTargets }),
  idRoute("POST", "/api/documents/:id/verify", () => documentTargets.ids, undefined, { setup: seedDocumentTargets }),
  idRoute("POST", "/api/documents/:id/reject", () => documentTargets.ids, () => fc.record({ reason: text() }, { requiredKeys: [] }), { setup: seedDocumentTargets }),
  getRoute(
    "/api/documents",
    fc.record({ view: fc.constantFrom("pending", "expiring", "expired", "all", ""), limit: fc.constantFrom("1", "1000", "1001"), offset: fc.constantFrom("0", "3", "x") }, { requiredKeys: [] }),
  ),
  getRoute("/api/compliance/summary"),
  // ---------------------------------------------------------------- registration with documents
  bodyRoute("POST", "/api/registration/upload", undefined, applicantRoute),
  {
    method: "PUT",
    path: "/api/registration/upload/:token",
    cases: () => fc.record({ path: segment(applicantTargets.tokens).map((tok) => `/api/registration/upload/${tok}`), query: fuzzQuery(), body: uploadBody }),
    ...applicantRoute,
  },
  bodyRoute("POST", "/api/registration/documents", registrationDocumentBase, applicantRoute),
  getRoute("/api/registration/documents", undefined, applicantRoute),
  getRoute("/api/compliance/me"),
  getRoute("/api/admin/compliance-settings"),
  // requireCompliance stays off for the routes after this one (staff are never checked anyway)
  bodyRoute("PUT", "/api/admin/compliance-settings", () => fc.record({ requireCompliance: fc.constant(false), enforceFors: fc.boolean() })),
];
