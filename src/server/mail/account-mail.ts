// Account mail: HTML + plain text from templates.ts, written to the outbox in the
// transaction of the account change that causes it (pass that transaction as
// `db`). Nothing here sends: the outbox worker does, with retries, and a
// failure never fails the account action.
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { UserRow } from "../db/schema";
import { queueMail } from "./mail-job";
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

const message = (kind: string, to: string, mail: RenderedMail) => ({ kind, to, subject: mail.subject, text: mail.text, html: mail.html });

/** The reset link expires at `expires`: a message still unsent then is not sent at all. */
export async function queuePasswordResetMail(ctx: AppContext, db: DbOrTx, user: Who, link: string, expires: Date): Promise<void> {
  await queueMail({ ctx, db, messages: [{ ...message("password-reset", user.email, passwordResetMail(brand(ctx), user, link)), notAfter: expires }] });
}

export async function queuePasswordChangedMail(ctx: AppContext, db: DbOrTx, user: Who): Promise<void> {
  await queueMail({ ctx, db, messages: [message("password-changed", user.email, passwordChangedMail(brand(ctx), user))] });
}

/** One message to the applicant and one to each staff user: each delivered (or failed) on its own. */
export async function queueRegistrationReceivedMails(
  ctx: AppContext,
  db: DbOrTx,
  applicant: Who & { carrierName: string | null },
  staff: Who[],
): Promise<void> {
  await queueMail({
    ctx,
    db,
    messages: [
      message("registration-received", applicant.email, registrationReceivedMail(brand(ctx), applicant)),
      ...staff.map((s) => message("registration-staff", s.email, registrationStaffMail(brand(ctx), applicant))),
    ],
  });
}

export async function queueAccountApprovedMail(ctx: AppContext, db: DbOrTx, user: Who): Promise<void> {
  await queueMail({ ctx, db, messages: [message("account-approved", user.email, accountApprovedMail(brand(ctx), user))] });
}

export async function queueAccountRejectedMail(ctx: AppContext, db: DbOrTx, user: Who): Promise<void> {
  await queueMail({ ctx, db, messages: [message("account-rejected", user.email, accountRejectedMail(brand(ctx), user))] });
}
