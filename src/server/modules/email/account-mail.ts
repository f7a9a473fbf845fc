// Account mail (issue 2 calls it, issue 7 owns the templates): HTML + plain text
// from templates.ts. A failed send is recorded in email_log by the mail module
// and then thrown; callers send these "quietly" so an account action never fails
// because mail failed.
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import {
  accountApprovedMail,
  accountRejectedMail,
  passwordChangedMail,
  passwordResetMail,
  registrationReceivedMail,
  registrationStaffMail,
  type RenderedMail,
} from "./templates";

type Who = Pick<UserRow, "email" | "name">;

const brand = (ctx: AppContext) => ({
  productName: ctx.config.productName,
  publicUrl: ctx.config.publicUrl,
  newUserMailbox: ctx.config.newUserMailbox,
});

const send = (ctx: AppContext, kind: string, to: string, mail: RenderedMail) =>
  ctx.mail.send({ kind, to, subject: mail.subject, text: mail.text, html: mail.html });

export async function sendPasswordResetMail(ctx: AppContext, user: Who, link: string): Promise<void> {
  await send(ctx, "password-reset", user.email, passwordResetMail(brand(ctx), user, link));
}

export async function sendPasswordChangedMail(ctx: AppContext, user: Who): Promise<void> {
  await send(ctx, "password-changed", user.email, passwordChangedMail(brand(ctx), user));
}

export async function sendRegistrationReceivedMails(ctx: AppContext, applicant: Who & { carrierName: string | null }, staff: Who[]): Promise<void> {
  const failures: unknown[] = [];
  // each recipient independently: one bad staff address must not cost the applicant their mail
  for (const [to, mail, kind] of [
    [applicant.email, registrationReceivedMail(brand(ctx), applicant), "registration-received"],
    ...staff.map((s) => [s.email, registrationStaffMail(brand(ctx), applicant), "registration-staff"] as const),
  ] as const) {
    try {
      await send(ctx, kind, to, mail);
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length) throw failures[0];
}

export async function sendAccountApprovedMail(ctx: AppContext, user: Who): Promise<void> {
  await send(ctx, "account-approved", user.email, accountApprovedMail(brand(ctx), user));
}

export async function sendAccountRejectedMail(ctx: AppContext, user: Who): Promise<void> {
  await send(ctx, "account-rejected", user.email, accountRejectedMail(brand(ctx), user));
}
