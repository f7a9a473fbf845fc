// Request builders of the access matrix: loads, bids, saved searches, proof of delivery, files, distance, rates and exports.
// Each returns the request of one policy row (test/access-policy.ts) for one actor, with
// fresh data where the call changes state; test/access-build.ts joins the areas.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { loads } from "../src/server/db/schema";
import {
  CARRIER_CO,
  CHUNK_PDF,
  PDF,
  POD_BODY,
  freshCarrier,
  importReq,
  loadBody,
  newBid,
  newLoad,
  newSavedSearch,
  selfId,
  ticketFor,
  type Builders,
} from "./access-world";

export const LOAD_BUILD = {
  "loads.list": async () => ({ url: "/api/loads" }),
  "loads.nextNumber": async () => ({ url: "/api/loads/next-number" }),
  "loads.nextPoNumber": async () => ({ url: "/api/loads/next-po-number" }),
  "loads.withBids": async () => ({ url: "/api/loads/with-bids" }),
  "loads.get.available": async (w) => ({ url: `/api/loads/${w.seed.available.id}` }),
  "loads.get.ownAccepted": async (w) => ({ url: `/api/loads/${w.seed.ownAccepted.id}` }),
  "loads.get.ownApproved": async (w) => ({ url: `/api/loads/${w.seed.ownApproved.id}` }),
  "loads.get.ownCompleted": async (w) => ({ url: `/api/loads/${w.seed.ownCompleted.id}` }),
  "loads.get.cancelled": async (w) => ({ url: `/api/loads/${w.seed.cancelled.id}` }),
  "loads.get.unknown": async () => ({ url: `/api/loads/${randomUUID()}` }),
  "loads.get.notUuid": async () => ({ url: "/api/loads/not-a-uuid" }),
  "loads.create": async () => ({ method: "POST", url: "/api/loads", payload: loadBody() }),
  "loads.import.dryRun": async () => importReq("/api/loads/import?dryRun=true", "850"),
  "loads.import.commit": async () => importReq("/api/loads/import", "850"),
  "loads.import.bad": async () => importReq("/api/loads/import", "-1"),
  "loads.import.template": async () => ({ url: "/api/loads/import/template.csv" }),
  "loads.update": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "available")).id}`, payload: loadBody({ price: 700 }) }),
  "loads.update.podComplete": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "podComplete")).id}`, payload: loadBody({ price: 700 }) }),
  "loads.copy": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "available")).id}/copy` }),
  "loads.accept.available": async (w, actor) => {
    const load = await newLoad(w, "available");
    return {
      method: "PATCH",
      url: `/api/loads/${load.id}/accept`,
      payload: { userId: selfId(w, actor) },
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
        expect(row.status).toBe(res.statusCode === 200 ? "accepted" : "available");
        if (res.statusCode === 200) expect(row.acceptedBy).toBe(selfId(w, actor));
      },
    };
  },
  "loads.accept.taken": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/accept`, payload: { userId: selfId(w, actor) } }),
  "loads.accept.cancelled": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "cancelled")).id}/accept`, payload: { userId: selfId(w, actor) } }),
  "loads.accept.zeroPrice": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "zeroPrice")).id}/accept`, payload: { userId: selfId(w, actor) } }),
  "loads.accept.onBehalf": async (w) => {
    const load = await newLoad(w, "available");
    const someoneElse = (await freshCarrier(w)).user!;
    return {
      method: "PATCH",
      url: `/api/loads/${load.id}/accept`,
      payload: { userId: someoneElse.id },
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
        if (res.statusCode !== 200) expect(row.status, "a refused accept leaves the load available").toBe("available");
      },
    };
  },
  "loads.status.approve": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/status`, payload: { status: "approved", userId: selfId(w, actor) } }),
  "loads.status.cancel": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "available")).id}/status`, payload: { status: "cancelled", userId: selfId(w, actor) } }),
  "loads.status.illegal": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "available")).id}/status`, payload: { status: "completed", userId: selfId(w, actor) } }),
  "loads.reset": async (w) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "ownApproved")).id}/reset-to-available` }),
  "loads.reset.available": async (w) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "available")).id}/reset-to-available` }),
  "loads.view.available": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "available")).id}/view` }),
  "loads.view.ownAccepted": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/view` }),
  "loads.view.cancelled": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "cancelled")).id}/view` }),
  "loads.views": async (w) => ({ url: `/api/loads/${w.seed.ownApproved.id}/views` }),
  "loads.events": async (w) => ({ url: `/api/loads/${w.seed.ownApproved.id}/events` }),

  "bids.place": async (w) => ({ method: "POST", url: "/api/bids", payload: { loadId: (await newLoad(w, "available")).id, bidAmount: 950.5, notes: "matrix" } }),
  "bids.update": async (w, actor) => {
    const load = await newLoad(w, "available");
    const user = w.actors[actor].user;
    if (user) await newBid(w, load.id, user.id);
    return { method: "POST", url: "/api/bids", payload: { loadId: load.id, bidAmount: 901, notes: "updated" } };
  },
  "bids.place.taken": async (w) => ({ method: "POST", url: "/api/bids", payload: { loadId: (await newLoad(w, "ownAccepted")).id, bidAmount: 950 } }),
  "bids.place.unknownLoad": async () => ({ method: "POST", url: "/api/bids", payload: { loadId: randomUUID(), bidAmount: 950 } }),
  "bids.own": async () => ({ url: "/api/user/bids" }),
  "savedSearches.list": async () => ({ url: "/api/saved-searches" }),
  "savedSearches.create": async () => ({
    method: "POST",
    url: "/api/saved-searches",
    payload: { name: "Leeds out", filters: { equipmentType: "Flatbed", pickupNear: { postcode: "LS1", miles: 50 } }, alert: "instant" },
  }),
  "savedSearches.update": async (w, actor) => ({ method: "PUT", url: `/api/saved-searches/${await newSavedSearch(w, w.actors[actor].user?.id)}`, payload: { alert: "daily" } }),
  "savedSearches.update.other": async (w) => ({ method: "PUT", url: `/api/saved-searches/${await newSavedSearch(w, (await freshCarrier(w)).user!.id)}`, payload: { alert: "daily" } }),
  "savedSearches.delete": async (w, actor) => ({ method: "DELETE", url: `/api/saved-searches/${await newSavedSearch(w, w.actors[actor].user?.id)}` }),
  "savedSearches.delete.other": async (w) => ({ method: "DELETE", url: `/api/saved-searches/${await newSavedSearch(w, (await freshCarrier(w)).user!.id)}` }),
  "bids.forLoad": async (w) => ({ url: `/api/loads/${w.seed.available.id}/bids` }),
  "bids.all": async () => ({ url: "/api/admin/bids" }),
  "bids.accept": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id);
    return { method: "POST", url: `/api/bids/${bid.id}/accept` };
  },
  "bids.accept.rejected": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id, "rejected");
    return { method: "POST", url: `/api/bids/${bid.id}/accept` };
  },
  "bids.reject": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id);
    return { method: "POST", url: `/api/bids/${bid.id}/reject` };
  },
  "bids.reject.rejected": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id, "rejected");
    return { method: "POST", url: `/api/bids/${bid.id}/reject` };
  },

  "pod.ownApproved": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "ownApproved")).id}/pod`, payload: POD_BODY }),
  "pod.ownAccepted": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/pod`, payload: POD_BODY }),
  "pod.available": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "available")).id}/pod`, payload: POD_BODY }),
  "pod.ownCompleted": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "ownCompleted")).id}/pod`, payload: POD_BODY }),
  "pod.podComplete": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "podComplete")).id}/pod`, payload: POD_BODY }),
  "objects.ticket": async () => ({ method: "POST", url: "/api/objects/upload" }),
  "objects.put.own": async (w, actor) => {
    const who = w.actors[actor];
    // signed out: someone's real ticket, so only the missing sign-in can refuse it
    const cookie = who.user?.isApproved && who.cookie ? who.cookie : (await freshCarrier(w)).cookie!;
    const { uploadURL } = await ticketFor(w, cookie);
    return { method: "PUT", url: uploadURL, body: PDF, headers: { "content-type": "application/pdf" } };
  },
  "objects.put.others": async (w) => {
    const { uploadURL } = await ticketFor(w, (await freshCarrier(w)).cookie!);
    return { method: "PUT", url: uploadURL, body: PDF, headers: { "content-type": "application/pdf" } };
  },
  "objects.chunk.own": async (w, actor) => {
    const who = w.actors[actor];
    const cookie = who.user?.isApproved && who.cookie ? who.cookie : (await freshCarrier(w)).cookie!;
    const { uploadURL } = await ticketFor(w, cookie);
    return { method: "PUT", url: uploadURL, body: CHUNK_PDF, headers: { "content-type": "application/octet-stream", "content-range": `bytes 0-${CHUNK_PDF.length - 1}/${CHUNK_PDF.length * 2}` } };
  },
  "objects.chunk.others": async (w) => {
    const { uploadURL } = await ticketFor(w, (await freshCarrier(w)).cookie!);
    return { method: "PUT", url: uploadURL, body: CHUNK_PDF, headers: { "content-type": "application/octet-stream", "content-range": `bytes 0-${CHUNK_PDF.length - 1}/${CHUNK_PDF.length * 2}` } };
  },
  "objects.offset.own": async (w, actor) => {
    const who = w.actors[actor];
    const cookie = who.user?.isApproved && who.cookie ? who.cookie : (await freshCarrier(w)).cookie!;
    return { url: (await ticketFor(w, cookie)).uploadURL };
  },
  "objects.offset.others": async (w) => ({ url: (await ticketFor(w, (await freshCarrier(w)).cookie!)).uploadURL }),
  "objects.get.ownLoad": async (w) => ({ url: w.files.ownLoad }),
  "objects.get.otherLoad": async (w) => ({ url: w.files.otherLoad }),
  "objects.get.unattached": async (w) => ({ url: w.files.unattached }),
  "objects.get.unknown": async () => ({ url: `/objects/${randomUUID()}` }),
  "objects.get.notUuid": async () => ({ url: "/objects/not-a-key" }),
  "objects.deeper": async (w) => ({ url: `${w.files.ownLoad}/x` }),
  "distance.ok": async () => ({ method: "POST", url: "/api/calculate-distance", payload: { pickupPostcode: "LS1 4AP", deliveryPostcode: "BS1 4DJ" } }),
  "distance.unknown": async () => ({ method: "POST", url: "/api/calculate-distance", payload: { pickupPostcode: "QQ99 9QQ", deliveryPostcode: "BS1 4DJ" } }),
  "rates.lane": async () => ({ url: "/api/rates/lane?pickup=LS1&delivery=B5&equipmentType=Flatbed" }),
  "rates.lane.byLoad": async (w) => ({ url: `/api/rates/lane?loadId=${w.seed.available.id}` }),
  "rates.lane.byOwnLoad": async (w) => ({ url: `/api/rates/lane?loadId=${w.seed.ownAccepted.id}` }),
  "rates.lane.byCancelled": async (w) => ({ url: `/api/rates/lane?loadId=${w.seed.cancelled.id}` }),
  "rates.lane.badPostcode": async () => ({ url: "/api/rates/lane?pickup=HELLO&delivery=B5" }),
  "exports.loads": async (w) => ({
    url: "/api/export/loads.csv?status=available,cancelled&sort=-price",
    check: (res) => {
      if (res.statusCode !== 200) return;
      expect(res.body.startsWith("\uFEFFLoad Number,PO Number,Status,")).toBe(true);
      // staff see every load the filter names, cancelled included
      expect(res.body).toContain(w.seed.cancelled.loadNumber);
      expect(res.body).not.toContain(w.seed.ownApproved.loadNumber);
    },
  }),
  "exports.loads.badQuery": async () => ({ url: "/api/export/loads.csv?sort=bogus" }),
  "exports.users": async (w) => ({
    url: "/api/export/users.csv?sort=name",
    check: (res) => {
      if (res.statusCode !== 200) return;
      expect(res.body.startsWith("\uFEFFName,Carrier Company,")).toBe(true);
      expect(res.body).toContain(w.actors.carrier.user!.email);
    },
  }),
  "exports.carriers": async () => ({
    url: "/api/export/carriers.csv?search=Matrix",
    check: (res) => {
      if (res.statusCode === 200) expect(res.body).toContain(`\r\n${CARRIER_CO},`);
    },
  }),
  "exports.bids": async (w) => ({
    url: "/api/export/bids.csv",
    check: (res) => {
      // the two pending bids on the available load
      if (res.statusCode === 200) expect(res.body.split(w.seed.available.loadNumber).length - 1).toBe(2);
    },
  }),
} satisfies Builders;
