// The Standard Webhooks signature
// (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of random key
// bytes; each delivery is signed as `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`.
// Tests check it with an independent implementation (the standardwebhooks package).
import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "../../../../contract/schemas/webhook";

/** A new signing secret: 32 random bytes (Standard Webhooks asks for 24 to 64). */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** The key bytes of a whsec_ secret. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, "base64");
}

/** The webhook-signature header's value for one attempt. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The webhook-id a receiver sees: the same on every attempt of one delivery. */
export const webhookMessageId = (deliveryId: string) => `msg_${deliveryId}`;
