// Test data for waiting-time claims: a booked load of a carrier company with its
// stop times written straight into load_stops (the real table the stops API
// writes), and short calls of the claims API.
import type { App } from "../../app";
import { loadStops, type CompanyRow, type LoadRow } from "../../db/schema";
import type { Stop, StopEvidence } from "../../../contract/schemas/claim";
import { approvedLoad, haulier } from "../../../../test/invoice-fixtures";

/** Arrived and left a stop: times as ISO instants. */
export async function recordStop(
  app: App,
  load: Pick<LoadRow, "id">,
  company: Pick<CompanyRow, "id">,
  v: { stop: Stop; arrivedAt: string; departedAt: string | null; evidence?: StopEvidence },
): Promise<void> {
  const evidence = v.evidence ?? "position";
  await app.ctx.db.insert(loadStops).values({
    loadId: load.id,
    stop: v.stop,
    companyId: company.id,
    arrivedAt: new Date(v.arrivedAt),
    departedAt: v.departedAt ? new Date(v.departedAt) : null,
    arrivalEvidence: evidence,
    departureEvidence: v.departedAt ? evidence : null,
  });
}

/** Bristol BS1's district centre (data/uk-outcodes.csv): the default load's delivery. */
export const BS1 = { lat: 51.45324, lng: -2.59381, accuracyM: 25 };

/**
 * Record a stop through the stops API as `cookie` (a member of the holding company),
 * arrival then departure at the times given, with the phone's position at `position`.
 */
export async function recordStopByApi(app: App, loadId: string, cookie: string, v: { stop: Stop; arrivedAt: string; departedAt: string; position?: { lat: number; lng: number; accuracyM: number } }): Promise<void> {
  for (const [kind, at] of [["arrival", v.arrivedAt], ["departure", v.departedAt]] as const) {
    const res = await app.inject({ method: "POST", url: `/api/loads/${loadId}/stops/${v.stop}/${kind}`, headers: { cookie }, payload: { at, ...(v.position ? { position: v.position } : {}) } });
    if (res.statusCode >= 300) throw new Error(`stop ${kind}: ${res.statusCode} ${res.body}`);
  }
}

/** The worked example's stop: 3 h 15 min at delivery, the day before the test clock's 25 Nov 2026. */
export const WAITED_3H15 = { stop: "delivery", arrivedAt: "2026-11-24T09:00:00.000Z", departedAt: "2026-11-24T12:15:00.000Z" } as const;

/** A VAT-registered company, a signed-in member, and an approved load of theirs at `price` with the worked example's delivery. */
export async function bookedWithWait(app: App, price = 1000) {
  const { company, member } = await haulier(app);
  const load = await approvedLoad(app, company, member.user.id, { price });
  await recordStop(app, load, company, WAITED_3H15);
  return { company, member, load };
}

export function claimsApi(app: App) {
  const send = (method: "GET" | "POST" | "PUT", url: string, cookie: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    claim: (loadId: string, cookie: string, body: unknown = { stop: "delivery" }) => send("POST", `/api/loads/${loadId}/waiting-claims`, cookie, body),
    approve: (id: string, cookie: string, body: unknown = {}) => send("POST", `/api/waiting-claims/${id}/approve`, cookie, body),
    reject: (id: string, cookie: string, body: unknown) => send("POST", `/api/waiting-claims/${id}/reject`, cookie, body),
    list: (query: string, cookie: string) => send("GET", `/api/waiting-claims${query}`, cookie),
    settings: (cookie: string, body?: unknown) => send(body === undefined ? "GET" : "PUT", "/api/admin/waiting-time-settings", cookie, body),
  };
}
