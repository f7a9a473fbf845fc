// Proof of delivery (POD status and auto-completion, the POD form; PUT /api/loads/{id}/pod).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { loadEvents, loads } from "../../db/schema";
import { isPodLocked, podStatus } from "../../../contract/schemas/pod";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6b6f1e50000000049454e44ae426082",
  "hex",
);

describe("podStatus", () => {
  const none = { pickupSignedBy: null, deliverySignedBy: null, signedPaperworkUrl: null };
  it("is Pending when nothing is signed", () => {
    expect(podStatus(none)).toBe("Pending");
    expect(podStatus({ ...none, signedPaperworkUrl: "/objects/x" })).toBe("Pending");
  });
  it("is Partial when only pickup or only delivery is signed, or the paperwork is missing", () => {
    expect(podStatus({ ...none, pickupSignedBy: "A" })).toBe("Partial");
    expect(podStatus({ ...none, deliverySignedBy: "B" })).toBe("Partial");
    expect(podStatus({ ...none, pickupSignedBy: "A", deliverySignedBy: "B" })).toBe("Partial");
  });
  it("is Complete with both signatories and the paperwork", () => {
    expect(podStatus({ pickupSignedBy: "A", deliverySignedBy: "B", signedPaperworkUrl: "/objects/x" })).toBe("Complete");
  });
  it("locks the load when both signatories are set", () => {
    expect(isPodLocked({ pickupSignedBy: "A", deliverySignedBy: "B" })).toBe(true);
    expect(isPodLocked({ pickupSignedBy: "A", deliverySignedBy: null })).toBe(false);
  });
});

const POD = {
  pickupSignedBy: "Sam Loader",
  pickupSignedDate: "2026-11-24T09:05:00.000Z",
  deliverySignedBy: "Dee Receiver",
  deliverySignedDate: "2026-11-24T15:10:00.000Z",
};

describe.each(ENGINES)("PUT /api/loads/{id}/pod on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-24T16:00:00Z"));
  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function carrierWithLoad(status: string) {
    const carrier = await signedIn(t.app);
    const load = await createLoad(t.app, {
      status,
      acceptedBy: carrier.user.id,
      acceptedByCarrier: carrier.user.carrierName,
      mandataNumber: status === "approved" || status === "completed" ? "PO-2026-00001" : null,
    });
    return { carrier, load };
  }

  async function upload(cookie: string, body = PNG) {
    const ticket = (await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } })).json() as {
      uploadURL: string;
      objectPath: string;
    };
    const res = await t.app.inject({ method: "PUT", url: ticket.uploadURL, headers: { cookie, "content-type": "image/png" }, payload: body });
    expect(res.statusCode).toBe(200);
    return ticket;
  }

  const putPod = (id: string, cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: "PUT", url: `/api/loads/${id}/pod`, headers: cookie ? { cookie } : {}, payload: payload as object });

  describe("POD signature dates that make sense", () => {
    it("a POD signed for pickup in 2030 and delivery in 2020 is refused, naming both fields, and the load stays approved", async () => {
      const { carrier, load } = await carrierWithLoad("approved");
      const res = await putPod(load.id, carrier.cookie, { ...POD, pickupSignedDate: "2030-01-01T09:00:00.000Z", deliverySignedDate: "2020-01-01T09:00:00.000Z" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Pickup signature date cannot be in the future",
        details: [
          { path: "pickupSignedDate", message: "Pickup signature date cannot be in the future" },
          { path: "deliverySignedDate", message: "Delivery signature date cannot be before the pickup signature date" },
        ],
      });
      const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      expect(row).toMatchObject({ status: "approved", pickupSignedBy: null, deliverySignedBy: null });
    });

    it("a signature up to 15 minutes ahead of the server's clock is clock skew; 16 minutes is the future", async () => {
      // the clock reads 16:00Z
      const { carrier, load } = await carrierWithLoad("approved");
      const ahead = await putPod(load.id, carrier.cookie, { ...POD, deliverySignedDate: "2026-11-24T16:16:00.000Z" });
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json().details).toEqual([{ path: "deliverySignedDate", message: "Delivery signature date cannot be in the future" }]);
      const skew = await putPod(load.id, carrier.cookie, { ...POD, deliverySignedDate: "2026-11-24T16:15:00.000Z" });
      expect(skew.statusCode).toBe(200);
    });

    it("the delivery signature may not come before the pickup signature; the same minute is fine", async () => {
      const { carrier, load } = await carrierWithLoad("approved");
      const before = await putPod(load.id, carrier.cookie, { ...POD, pickupSignedDate: "2026-11-24T12:00:00.000Z", deliverySignedDate: "2026-11-24T11:59:00.000Z" });
      expect(before.statusCode).toBe(400);
      expect(before.json().details).toEqual([{ path: "deliverySignedDate", message: "Delivery signature date cannot be before the pickup signature date" }]);
      const same = await putPod(load.id, carrier.cookie, { ...POD, pickupSignedDate: "2026-11-24T12:00:00.000Z", deliverySignedDate: "2026-11-24T12:00:00.000Z" });
      expect(same.statusCode).toBe(200);
    });

    it("signature dates are not compared with the load's scheduled dates (collected early)", async () => {
      const { carrier, load } = await carrierWithLoad("approved");
      // scheduled for 24 Nov 09:00, signed the day before
      const res = await putPod(load.id, carrier.cookie, { ...POD, pickupSignedDate: "2026-11-23T10:00:00.000Z", deliverySignedDate: "2026-11-23T15:00:00.000Z" });
      expect(res.statusCode).toBe(200);
    });
  });

  it("both signatories on an approved load complete it in one go, with completedAt and an audit event", async () => {
    const { carrier, load } = await carrierWithLoad("approved");
    const { uploadURL, objectPath } = await upload(carrier.cookie);
    // the uploadURL is accepted in place of the objectPath; the objectPath is stored
    const res = await putPod(load.id, carrier.cookie, { ...POD, signedPaperworkUrl: uploadURL });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("completed");
    expect(body.completedAt).toBe(clock.now().toISOString());
    expect(body.pickupSignedBy).toBe("Sam Loader");
    expect(body.deliverySignedBy).toBe("Dee Receiver");
    expect(body.pickupSignedDate).toBe(POD.pickupSignedDate);
    expect(body.deliverySignedDate).toBe(POD.deliverySignedDate);
    expect(body.signedPaperworkUrl).toBe(objectPath);
    // the carrier still sees their completed load's private fields
    expect(body.mandataNumber).toBe("PO-2026-00001");
    expect(podStatus(body)).toBe("Complete");

    const events = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "complete", fromStatus: "approved", toStatus: "completed", actorId: carrier.user.id });
    expect(JSON.stringify(events[0])).not.toContain(uploadURL.split("/").pop()!);

    // the paperwork is now the load's: staff can download it as POD-<loadNumber>
    const staff = await signedIn(t.app, { role: "manager" });
    const file = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie: staff.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="POD-${load.loadNumber}.png"`);
  });

  it("POD without paperwork completes the load and leaves POD status Partial", async () => {
    const { carrier, load } = await carrierWithLoad("approved");
    const res = await putPod(load.id, carrier.cookie, POD);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("completed");
    expect(res.json().signedPaperworkUrl).toBeNull();
    expect(podStatus(res.json())).toBe("Partial");
  });

  it("on a completed load POD can be updated (staff adds the paperwork) and the change is recorded", async () => {
    const { carrier, load } = await carrierWithLoad("approved");
    expect((await putPod(load.id, carrier.cookie, POD)).statusCode).toBe(200);
    const staff = await signedIn(t.app, { role: "admin", isAdmin: true });
    const { objectPath } = await upload(staff.cookie);
    const res = await putPod(load.id, staff.cookie, { ...POD, deliverySignedBy: "Dee R. Receiver", signedPaperworkUrl: objectPath });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "completed", deliverySignedBy: "Dee R. Receiver", signedPaperworkUrl: objectPath });
    const events = await t.app.ctx.db
      .select()
      .from(loadEvents)
      .where(and(eq(loadEvents.loadId, load.id), eq(loadEvents.action, "pod-updated")));
    expect(events).toHaveLength(1);
    expect(events[0].actorId).toBe(staff.user.id);

    // the carrier resubmits with the same paperwork (uploaded by staff): kept
    const again = await putPod(load.id, carrier.cookie, { ...POD, signedPaperworkUrl: objectPath });
    expect(again.statusCode).toBe(200);
    expect(again.json().signedPaperworkUrl).toBe(objectPath);
    // and without any paperwork field: the stored one stays
    expect((await putPod(load.id, carrier.cookie, POD)).json().signedPaperworkUrl).toBe(objectPath);
  });

  it("refuses POD on a load that is accepted but not approved (409), and on available and cancelled loads", async () => {
    const { carrier, load } = await carrierWithLoad("accepted");
    const res = await putPod(load.id, carrier.cookie, POD);
    expect(res.statusCode).toBe(409);
    const staff = await signedIn(t.app, { role: "manager" });
    const available = await createLoad(t.app);
    expect((await putPod(available.id, staff.cookie, POD)).statusCode).toBe(409);
    const cancelled = await createLoad(t.app, { status: "cancelled" });
    expect((await putPod(cancelled.id, staff.cookie, POD)).statusCode).toBe(409);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("accepted");
    expect(row.pickupSignedBy).toBeNull();
  });

  it("answers 400 listing all four missing fields, each with its message", async () => {
    const { carrier, load } = await carrierWithLoad("approved");
    const res = await putPod(load.id, carrier.cookie, {});
    expect(res.statusCode).toBe(400);
    const messages = (res.json().details as { path: string; message: string }[]).map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining(["Pickup signature required", "Pickup date required", "Delivery signature required", "Delivery date required"]),
    );
    expect(messages).toHaveLength(4);

    const blanks = await putPod(load.id, carrier.cookie, { pickupSignedBy: "  ", pickupSignedDate: "", deliverySignedBy: "", deliverySignedDate: "not a date" });
    expect(blanks.statusCode).toBe(400);
    expect(blanks.json().details.map((d: { path: string }) => d.path).sort()).toEqual([
      "deliverySignedBy",
      "deliverySignedDate",
      "pickupSignedBy",
      "pickupSignedDate",
    ]);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("approved");
  });

  it("only the load's carrier or staff: another carrier 404, a carrier on an available load 403, signed out 401", async () => {
    const { load } = await carrierWithLoad("approved");
    const other = await signedIn(t.app);
    expect((await putPod(load.id, other.cookie, POD)).statusCode).toBe(404);
    expect((await putPod(load.id, undefined, POD)).statusCode).toBe(401);
    const available = await createLoad(t.app);
    expect((await putPod(available.id, other.cookie, POD)).statusCode).toBe(403);
    expect((await putPod("not-a-uuid", other.cookie, POD)).statusCode).toBe(404);
    expect((await putPod("00000000-0000-0000-0000-000000000000", other.cookie, POD)).statusCode).toBe(404);
    const staff = await signedIn(t.app, { role: "manager" });
    expect((await putPod(load.id, staff.cookie, POD)).json().status).toBe("completed");
  });

  it("signedPaperworkUrl must name an upload of the caller that has finished", async () => {
    const { carrier, load } = await carrierWithLoad("approved");
    const other = await signedIn(t.app);
    const othersFile = await upload(other.cookie);
    const notUploaded = (await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie: carrier.cookie } })).json();
    for (const ref of [
      othersFile.objectPath,
      othersFile.uploadURL,
      notUploaded.objectPath,
      notUploaded.uploadURL,
      "/objects/00000000-0000-0000-0000-000000000000",
      "/objects/../../etc/passwd",
      "https://evil.example.com/x.pdf",
      "javascript:alert(1)",
    ]) {
      const res = await putPod(load.id, carrier.cookie, { ...POD, signedPaperworkUrl: ref });
      expect(res.statusCode, ref).toBe(400);
      expect(res.json().details[0].path).toBe("signedPaperworkUrl");
    }
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("approved");

    // an absolute uploadURL (as a client may resolve it) is fine
    const mine = await upload(carrier.cookie);
    const res = await putPod(load.id, carrier.cookie, { ...POD, signedPaperworkUrl: `http://localhost:5000${mine.uploadURL}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().signedPaperworkUrl).toBe(mine.objectPath);
  });
});
