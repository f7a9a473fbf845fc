// The Pending tab flags a repeat registration: another account or registration
// with the same name, company and phone (case, spaces and phone punctuation aside)
// is named on the row, the earliest one; a different phone or company is no repeat.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createManager, createUser, login } from "../../../../test/factories";
import { pendingUserSchema } from "../../../contract/schemas/api-responses";
import { repeatOfText, type PendingUser } from "../../../contract/schemas/user";

describe.each(ENGINES)("repeat registrations in the Pending tab on %s", (engine) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({ engine, jobs: false });
    staff = await login(t.app, (await createManager(t.app)).email);
  });
  afterAll(async () => {
    await t?.close();
  });
  const pending = async (search: string): Promise<PendingUser[]> => {
    const res = await t.app.inject({ url: `/api/users/pending?search=${encodeURIComponent(search)}`, headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as PendingUser[];
    for (const r of rows) pendingUserSchema.parse(r);
    return rows;
  };

  it("names the earlier account with the same name, company and phone; not one that differs in any of them", async () => {
    const first = await createUser(t.app, {
      isApproved: true,
      name: "Rhys Repeat",
      carrierName: "Repeat Haulage Ltd",
      contactNumber: "07700 900123",
      email: "rhys.first@example.com",
      createdAt: new Date("2026-10-01T09:00:00Z"),
    });
    const again = await createUser(t.app, {
      isApproved: false,
      name: "  rhys  REPEAT ",
      carrierName: "repeat haulage ltd",
      contactNumber: "+07700-900-123",
      email: "rhys.again@example.com",
      createdAt: new Date("2026-11-01T09:00:00Z"),
    });
    const otherPhone = await createUser(t.app, { isApproved: false, name: "Rhys Repeat", carrierName: "Repeat Haulage Ltd", contactNumber: "07700 900999", email: "rhys.phone@example.com" });
    const otherCompany = await createUser(t.app, { isApproved: false, name: "Rhys Repeat", carrierName: "Other Freight", contactNumber: "07700 900123", email: "rhys.company@example.com" });

    const rows = await pending("rhys");
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row(again.id)?.repeatOf).toEqual({ id: first.id, email: "rhys.first@example.com", isApproved: true, createdAt: "2026-10-01T09:00:00.000Z" });
    expect(repeatOfText(row(again.id)!.repeatOf!)).toBe("Possible repeat: same name, company and phone as rhys.first@example.com (approved account)");
    expect(row(otherPhone.id)?.repeatOf).toBeNull();
    expect(row(otherCompany.id)?.repeatOf).toBeNull();
  });

  it("two pending registrations of the same person flag each other", async () => {
    const a = await createUser(t.app, { isApproved: false, name: "Pat Twice", carrierName: "Twice Ltd", contactNumber: "0113 496 0000", email: "pat.a@example.com", createdAt: new Date("2026-11-02T09:00:00Z") });
    const b = await createUser(t.app, { isApproved: false, name: "Pat Twice", carrierName: "Twice Ltd", contactNumber: "01134960000", email: "pat.b@example.com", createdAt: new Date("2026-11-03T09:00:00Z") });
    const rows = await pending("Pat Twice");
    expect(rows.find((r) => r.id === b.id)?.repeatOf).toMatchObject({ id: a.id, isApproved: false });
    expect(rows.find((r) => r.id === a.id)?.repeatOf).toMatchObject({ id: b.id, isApproved: false });
    expect(repeatOfText(rows.find((r) => r.id === a.id)!.repeatOf!)).toBe("Possible repeat: same name, company and phone as pat.b@example.com (also pending)");
  });
});
