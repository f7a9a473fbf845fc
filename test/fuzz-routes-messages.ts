// Fuzz routes of messages on a load and counter-offers: threads on the route's loads
// (the carrier actor's company, the rival's, one nobody is in), message bodies from
// empty to past 2,000 characters with hostile text, read marks; counters on pending
// bids, and answers to countered bids of the carrier actor made for the route.
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { bids, users } from "../src/server/db/schema";
import type { TestApp } from "./helpers";
import { text } from "./fuzz-bodies";
import { nastyString } from "./fuzz-arbitraries";
import { getRoute, idRoute, type FuzzRoute, type Targets } from "./fuzz-kit";
import { createLoad } from "./factories";

/** Countered bids of the carrier actor (made by each answering route's set-up, fresh). */
const made = { bidIds: [] as string[] };

async function counteredBids(t: TestApp, tg: Targets, count: number): Promise<void> {
  const db = t.app.ctx.db;
  // the carrier actor: the member of the first company the targets name
  const [carrier] = await db.select({ id: users.id }).from(users).where(eq(users.companyId, tg.companyIds[0])).limit(1);
  made.bidIds = [];
  for (let i = 0; i < count; i++) {
    const load = await createLoad(t.app);
    const [row] = await db
      .insert(bids)
      .values({ loadId: load.id, carrierId: carrier.id, bidAmount: 1000, status: "countered", counterAmount: 950, counterExpiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: bids.id });
    made.bidIds.push(row.id);
  }
}

const body = () => fc.oneof(text(60), nastyString, fc.string({ minLength: 1990, maxLength: 2010 }), fc.constantFrom("", " ", "line\nbreak", "<b>bold</b>"));

export const MESSAGES_ROUTES: FuzzRoute[] = [
  idRoute("GET", "/api/loads/:id/messages", (tg) => tg.loadIds),
  idRoute("POST", "/api/loads/:id/messages", (tg) => tg.loadIds, (tg) => fc.record({ body: body(), companyId: fc.constantFrom(...tg.companyIds, "x") }, { requiredKeys: ["body"] })),
  idRoute("POST", "/api/loads/:id/messages/read", (tg) => tg.loadIds, (tg) => fc.record({ companyId: fc.constantFrom(...tg.companyIds, "x") }, { requiredKeys: [] })),
  idRoute("POST", "/api/bids/:id/counter", (tg) => tg.bidIds, () =>
    fc.record(
      { amount: fc.oneof(fc.constantFrom(900, 0.01, 1_000_000, 0, -1, 1.234, 1_000_000.01), fc.double()), expiresInMinutes: fc.constantFrom(5, 60, 1440, 4, 1441, 1.5, -1), note: text(1100) },
      { requiredKeys: ["amount"] },
    ),
  ),
  idRoute("POST", "/api/bids/:id/accept-counter", () => made.bidIds, undefined, { setup: (t, tg) => counteredBids(t, tg, 20) }),
  idRoute("POST", "/api/bids/:id/decline-counter", () => made.bidIds, undefined, { setup: (t, tg) => counteredBids(t, tg, 20) }),
  idRoute("GET", "/api/bids/:id/history", (tg) => [...tg.bidIds, ...made.bidIds]),
  getRoute("/api/messages/unread"),
];
