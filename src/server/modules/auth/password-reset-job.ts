// The "password-reset" job: what a forgot-password request asks for,
// done off the request path so the answer takes the same time whether or not
// the account exists. For an account, one transaction stores the SHA-256 of a
// new token (valid 1 hour, contract), queues the mail with the link, and marks
// the job done: all three or none, so a retried job never mails a second link.
import type { AppContext } from "../../context";
import { randomToken, sha256 } from "../../lib/crypto";
import { queuePasswordResetMail } from "../../mail/account-mail";
import type { JobKind } from "../jobs/job-registry";
import { findUserByEmail, setPasswordResetToken } from "./auth.repository";
import { PASSWORD_RESET_JOB, RESET_TOKEN_TTL_MS } from "./auth.service";

export function passwordResetJobKind(ctx: AppContext): JobKind<{ email: string }> {
  return {
    name: PASSWORD_RESET_JOB,
    async run({ email }, run) {
      await ctx.db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (user) {
          const token = randomToken();
          const expires = new Date(ctx.clock.now().getTime() + RESET_TOKEN_TTL_MS);
          await setPasswordResetToken(tx, user.id, sha256(token), expires);
          const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
          await queuePasswordResetMail(ctx, tx, user, link, expires);
        }
        await run.finish(tx);
      });
    },
    // the address someone typed is not kept once the job is done
    payloadWhenDone: () => ({ email: "" }),
  };
}
