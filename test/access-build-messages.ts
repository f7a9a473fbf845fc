// Request builders of the access matrix: messages on a load and counter-offers. Each
// makes a fresh load (the carrier's booked one, or another's) and, where the row needs
// one, a bid of the carrier actor, countered as the counter call would have left it.
import { expect } from "vitest";
import { bids } from "../src/server/db/schema";
import { carrierCompanyId, freshCarrier, newBid, newLoad, type Builders, type World } from "./access-world";
import type { Actor } from "./access-policy";

const staff = (actor: Actor) => actor === "manager" || actor === "admin";

/** The body of a post: staff name the thread (the carrier's company). */
async function postBody(w: World, actor: Actor, body: string) {
  const companyId = await carrierCompanyId(w);
  return staff(actor) ? { body, companyId } : { body };
}

/** A bid of the carrier actor on a fresh available load, countered (expiring in `minutes`; negative: lapsed). */
async function counteredBid(w: World, minutes = 60): Promise<string> {
  await carrierCompanyId(w);
  const load = await newLoad(w, "available");
  const [row] = await w.t.app.ctx.db
    .insert(bids)
    .values({ loadId: load.id, carrierId: w.actors.carrier.user!.id, bidAmount: 999.5, status: "countered", counterAmount: 950, counterExpiresAt: new Date(Date.now() + minutes * 60_000) })
    .returning();
  return row.id;
}

export const MESSAGES_BUILD = {
  "messages.list": async (w) => {
    const load = await newLoad(w, "ownApproved");
    await carrierCompanyId(w);
    return { url: `/api/loads/${load.id}/messages`, check: (res) => void (res.statusCode === 200 && expect(JSON.parse(res.body)).toHaveProperty("threads")) };
  },
  "messages.list.other": async (w) => ({ url: `/api/loads/${(await newLoad(w, "otherApproved")).id}/messages` }),
  "messages.post": async (w, actor) => {
    const load = await newLoad(w, "ownApproved");
    return {
      method: "POST",
      url: `/api/loads/${load.id}/messages`,
      payload: await postBody(w, actor, "Is there a crane on site?"),
      check: (res) => void (res.statusCode === 201 && expect(JSON.parse(res.body)).toMatchObject({ loadId: load.id, body: "Is there a crane on site?" })),
    };
  },
  "messages.post.empty": async (w, actor) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "ownApproved")).id}/messages`, payload: await postBody(w, actor, "") }),
  "messages.unread": async (w, actor) => {
    // staff wrote in the carrier's company's thread: the carrier has it unread, nobody else of the carriers
    const load = await newLoad(w, "ownApproved");
    const companyId = await carrierCompanyId(w);
    const staffWho = w.actors.manager;
    await w.t.app.inject({ method: "POST", url: `/api/loads/${load.id}/messages`, headers: { cookie: staffWho.cookie! }, payload: { body: "Unread?", companyId } });
    return {
      url: "/api/messages/unread",
      check: (res) => {
        if (res.statusCode !== 200) return;
        const loadIds = (JSON.parse(res.body) as { threads: { loadId: string }[] }).threads.map((t) => t.loadId);
        if (actor === "carrier") expect(loadIds).toContain(load.id);
        else expect(loadIds).not.toContain(load.id);
      },
    };
  },
  "messages.read": async (w, actor) => {
    const load = await newLoad(w, "ownApproved");
    const companyId = await carrierCompanyId(w);
    return { method: "POST", url: `/api/loads/${load.id}/messages/read`, payload: staff(actor) ? { companyId } : {} };
  },
  "bids.counter": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id);
    return { method: "POST", url: `/api/bids/${bid.id}/counter`, payload: { amount: 900, expiresInMinutes: 30 } };
  },
  "bids.counter.rejected": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id, "rejected");
    return { method: "POST", url: `/api/bids/${bid.id}/counter`, payload: { amount: 900 } };
  },
  "bids.acceptCounter": async (w) => ({ method: "POST", url: `/api/bids/${await counteredBid(w)}/accept-counter` }),
  "bids.acceptCounter.expired": async (w) => ({ method: "POST", url: `/api/bids/${await counteredBid(w, -1)}/accept-counter` }),
  "bids.declineCounter": async (w) => ({ method: "POST", url: `/api/bids/${await counteredBid(w)}/decline-counter` }),
  "bids.history": async (w) => ({ url: `/api/bids/${await counteredBid(w)}/history` }),
} satisfies Builders;
