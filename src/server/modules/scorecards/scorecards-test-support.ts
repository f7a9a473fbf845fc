// Test data for scorecards: booked loads delivered through the real stops and POD
// calls (so every fact arrives as a domain event), and the hand-computed seed the
// figures are checked against (README of this module, "the seed").
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "../../../../test/helpers";
import { createLoad } from "../../../../test/factories";
import { POD_BODY } from "../../../../test/invoice-fixtures";
import type { loads, LoadRow } from "../../db/schema";
import type { Stop } from "../../../contract/schemas/claim";

export type Call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie: string, payload?: unknown) => Promise<LightMyRequestResponse>;

export function caller(t: () => TestApp): Call {
  return (method, url, cookie, payload) => t().app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export async function ok(res: Promise<LightMyRequestResponse> | LightMyRequestResponse, what: string): Promise<LightMyRequestResponse> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r;
}

export interface Holder {
  companyName: string;
  memberId: string;
  cookie: string;
}

/** A load booked (approved) by the holder's company, with the caller's times and places. */
export function bookedLoad(t: TestApp, holder: Holder, over: Partial<typeof loads.$inferInsert> = {}): Promise<LoadRow> {
  return createLoad(t.app, {
    status: "approved",
    acceptedBy: holder.memberId,
    acceptedByCarrier: holder.companyName,
    acceptedAt: t.app.ctx.clock.now(),
    mandataNumber: "PO-2026-00001",
    ...over,
  });
}

/** Arrival then departure at a stop, through the stops API as the holder. */
export async function visit(call: Call, loadId: string, cookie: string, stop: Stop, arrivedAt: string, departedAt: string | null): Promise<void> {
  await ok(call("POST", `/api/loads/${loadId}/stops/${stop}/arrival`, cookie, { at: arrivedAt }), `${stop} arrival`);
  if (departedAt) await ok(call("POST", `/api/loads/${loadId}/stops/${stop}/departure`, cookie, { at: departedAt }), `${stop} departure`);
}

/** The POD through the real call (completes an approved load); signed dates default to 24 Nov 2026. */
export async function pod(call: Call, loadId: string, cookie: string, over: Partial<typeof POD_BODY> = {}): Promise<void> {
  await ok(call("PUT", `/api/loads/${loadId}/pod`, cookie, { ...POD_BODY, ...over }), "POD");
}

const day = (hhmm: string, d = "2026-11-24") => `${d}T${hhmm}:00.000Z`;
const on = (hhmm: string, d = "2026-11-24") => new Date(day(hhmm, d));

/**
 * The seed, all on Tue 24 Nov 2026 (GMT, so UK time = UTC), POD sent at 18:00 unless said:
 *  L1 exact 08:00 / exact 14:00: pickup 08:30–11:00 (on time: 30 min after), delivery 14:31–15:00 (late: 31) — POD 3.0 h
 *  L2 before 10:00 / before 16:00: pickup 10:00–10:40 (on time: at), delivery 16:01–16:30 (late) — POD 1.5 h
 *  L3 between 08–10 / 13–15: pickup 08:00–09:00 (on time: edge), delivery 15:00–15:30 (on time: edge) — POD 2.5 h
 *  L4 between 08–10 / 13–15: pickup 07:59–09:00 (late: before the window), delivery 15:01–15:10 (late) — POD 2.8 h
 *  L5 exact 23 Nov, no stops: pickup signed 23 Nov (on time), delivery signed 24 Nov (late: a day after) — POD 8.0 h from the signed date
 *  L6 no dates, no stops (unknown, unknown): delivered and POD on 20 Nov, 15:10 → 18:00 — POD 2.8 h
 * Figures: completed 6; collection 4 on time, 1 late, 1 unknown; delivery 1, 4, 1;
 * POD hours [1.5, 2.5, 2.8, 2.8, 3.0, 8.0] → median 2.8, p90 5.5; on-time delivery 1/5 = 20.0 %.
 * Waiting: LS pickups 150, 40, 60, 61 min → median 60.5 (4 visits); BS deliveries 29, 29, 30, 9 → 29.
 */
export async function deliverSeed(t: TestApp, call: Call, holder: Holder): Promise<Record<"l1" | "l2" | "l3" | "l4" | "l5" | "l6", LoadRow>> {
  const c = holder.cookie;
  const clock = t.app.ctx.clock as unknown as { set(d: Date | string): void };
  clock.set(day("18:00", "2026-11-20"));
  const l6 = await bookedLoad(t, holder, { pickupDate: null, deliveryDate: null });
  await pod(call, l6.id, c, { pickupSignedDate: day("09:05", "2026-11-20"), deliverySignedDate: day("15:10", "2026-11-20") });

  clock.set(day("18:00"));
  const exact = (pickup: string, delivery: string, d = "2026-11-24") => ({
    pickupTimeType: "exact",
    pickupDate: on(pickup, d),
    pickupStartTime: pickup,
    pickupEndTime: null,
    deliveryTimeType: "exact",
    deliveryDate: on(delivery, d),
    deliveryStartTime: delivery,
    deliveryEndTime: null,
  });
  const l1 = await bookedLoad(t, holder, exact("08:00", "14:00"));
  await visit(call, l1.id, c, "pickup", day("08:30"), day("11:00"));
  await visit(call, l1.id, c, "delivery", day("14:31"), day("15:00"));
  await pod(call, l1.id, c);

  const l2 = await bookedLoad(t, holder, {
    pickupTimeType: "before",
    pickupDate: on("10:00"),
    pickupStartTime: null,
    pickupEndTime: "10:00",
    deliveryTimeType: "before",
    deliveryDate: on("16:00"),
    deliveryStartTime: null,
    deliveryEndTime: "16:00",
  });
  await visit(call, l2.id, c, "pickup", day("10:00"), day("10:40"));
  await visit(call, l2.id, c, "delivery", day("16:01"), day("16:30"));
  await pod(call, l2.id, c);

  const between = {
    pickupTimeType: "between",
    pickupDate: on("08:00"),
    pickupStartTime: "08:00",
    pickupEndTime: "10:00",
    deliveryTimeType: "between",
    deliveryDate: on("13:00"),
    deliveryStartTime: "13:00",
    deliveryEndTime: "15:00",
  };
  const l3 = await bookedLoad(t, holder, between);
  await visit(call, l3.id, c, "pickup", day("08:00"), day("09:00"));
  await visit(call, l3.id, c, "delivery", day("15:00"), day("15:30"));
  await pod(call, l3.id, c);

  const l4 = await bookedLoad(t, holder, between);
  await visit(call, l4.id, c, "pickup", day("07:59"), day("09:00"));
  await visit(call, l4.id, c, "delivery", day("15:01"), day("15:10"));
  await pod(call, l4.id, c);

  const l5 = await bookedLoad(t, holder, exact("08:00", "14:00", "2026-11-23"));
  await pod(call, l5.id, c, { pickupSignedDate: day("09:00", "2026-11-23"), deliverySignedDate: day("10:00") });
  return { l1, l2, l3, l4, l5, l6 };
}
