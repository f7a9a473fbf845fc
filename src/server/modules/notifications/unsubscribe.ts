// RFC 8058 one-click unsubscribe: every
// non-account email carries List-Unsubscribe (an HTTPS link and a mailto:) and
// List-Unsubscribe-Post. The link holds the user, the email type and an HMAC of
// both under a secret kept in the database (app_secrets; never the session), so
// it works signed out, in any process, and cannot be forged for another user or type.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { EMAIL_TYPES, type EmailType } from "../../../contract/schemas/notification";
import { ensureSecret } from "./notifications.repository";

const SECRET_NAME = "unsubscribe-hmac";
const secrets = new WeakMap<AppContext, string>();

/**
 * The signing key, read (or made) once per app and kept. Inside a transaction pass
 * it as `db`: a key made there is not kept, since the transaction may roll back
 * (the next caller reads the one that committed). buildApp warms it (routes).
 */
export async function unsubscribeSecret(ctx: AppContext, db: DbOrTx = ctx.db): Promise<string> {
  const known = secrets.get(ctx);
  if (known) return known;
  const value = await ensureSecret(db, SECRET_NAME);
  if (db === ctx.db) secrets.set(ctx, value);
  return value;
}

function sign(secret: string, userId: string, type: string): string {
  return createHmac("sha256", secret).update(`unsubscribe\n${userId}\n${type}`).digest("base64url");
}

/** "<userId>.<type>.<signature>" */
export function unsubscribeToken(secret: string, userId: string, type: EmailType): string {
  return `${userId}.${type}.${sign(secret, userId, type)}`;
}

/** The user and type a token names, if its signature holds. */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: string; type: EmailType } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [userId, type, signature] = parts;
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !(EMAIL_TYPES as readonly string[]).includes(type)) return null;
  const expected = Buffer.from(sign(secret, userId, type));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, type: type as EmailType };
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The mailbox of MAIL_FROM ("Load Board <noreply@x>" → noreply@x). */
function mailbox(mailFrom: string): string {
  const m = /<([^>]+)>/.exec(mailFrom);
  return (m ? m[1] : mailFrom).trim();
}

/** The headers and the link for one message to one user of one email type. */
export function unsubscribeFor(ctx: AppContext, secret: string, userId: string, type: EmailType): { url: string; headers: Record<string, string> } {
  const token = unsubscribeToken(secret, userId, type);
  const url = unsubscribeUrl(ctx.config.publicUrl, token);
  const mailto = `mailto:${mailbox(ctx.config.mailFrom)}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  return {
    url,
    headers: {
      "List-Unsubscribe": `<${url}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
