// Notifications: GET /api/notifications (the
// bell), POST /api/notifications/read, GET|PUT /api/notification-preferences, and
// the one-click unsubscribe of RFC 8058: GET|POST /api/unsubscribe?token=…
// (signed out; GET only shows a confirm page, so a link scanner changes nothing).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { parse } from "../../lib/validate";
import { requireUser } from "../../plugins/session";
import {
  EMAIL_TYPE_LABELS,
  emailPreferencesInputSchema,
  markReadSchema,
  notificationListQuerySchema,
} from "../../../contract/schemas/notification";
import { getEmailPreferences, listNotifications, markNotificationsRead, setEmailPreferences } from "./notifications.service";
import { unsubscribeSecret, verifyUnsubscribeToken } from "./unsubscribe";
import { registerNotificationReactions } from "./notification-reactions";
import { documentRemindersJobKind } from "./document-reminders";
import { userExists, upsertPreferences } from "./notifications.repository";

const BAD_LINK = "This unsubscribe link is not valid";

export async function registerNotificationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerNotificationReactions(ctx);
  ctx.jobs.register(documentRemindersJobKind(ctx));
  // warm the signing key outside any transaction (a database that is down now is asked again later)
  void unsubscribeSecret(ctx).catch(() => {});

  app.get("/api/notifications", async (req, reply) => {
    const user = requireUser(req);
    const { total, ...page } = await listNotifications({ db: ctx.db, userId: user.id, query: parse(notificationListQuerySchema, req.query) });
    reply.header("X-Total-Count", String(total));
    reply.header("Cache-Control", "no-store");
    return page;
  });

  app.post("/api/notifications/read", async (req) => {
    const user = requireUser(req);
    const input = parse(markReadSchema, req.body);
    return markNotificationsRead({ db: ctx.db, userId: user.id, ids: input.ids, now: ctx.clock.now() });
  });

  app.get("/api/notification-preferences", async (req, reply) => {
    const user = requireUser(req);
    reply.header("Cache-Control", "no-store");
    return getEmailPreferences({ db: ctx.db, userId: user.id });
  });

  app.put("/api/notification-preferences", async (req) => {
    const user = requireUser(req);
    const input = parse(emailPreferencesInputSchema, req.body);
    return setEmailPreferences({ db: ctx.db, userId: user.id, input, now: ctx.clock.now() });
  });

  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" form-encoded; only
  // this route takes that content type
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_req, body, done) => done(null, body));

    const tokenOf = async (req: FastifyRequest) => {
      const token = (req.query as Record<string, unknown> | undefined)?.token;
      if (typeof token !== "string" || token.length > 300) throw new AppError(400, BAD_LINK);
      const found = verifyUnsubscribeToken(await unsubscribeSecret(ctx), token);
      if (!found) throw new AppError(400, BAD_LINK);
      return { ...found, token };
    };

    scope.get("/api/unsubscribe", async (req, reply) => {
      const { type, token } = await tokenOf(req);
      return page(reply, ctx, {
        title: "Stop these emails?",
        text: `You will no longer get the email "${EMAIL_TYPE_LABELS[type]}". You can turn it on again in My Profile.`,
        form: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      });
    });

    scope.post("/api/unsubscribe", async (req, reply) => {
      const { userId, type } = await tokenOf(req);
      if (await userExists(ctx.db, userId)) await upsertPreferences(ctx.db, userId, [{ type, email: false }], ctx.clock.now());
      if (!String(req.headers.accept ?? "").includes("text/html")) return { unsubscribed: true, type };
      return page(reply, ctx, {
        title: "You are unsubscribed",
        text: `You will no longer get the email "${EMAIL_TYPE_LABELS[type]}". You can turn it on again in My Profile.`,
      });
    });
  });
}

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A small page of its own (no app bundle): a mail link opened on any device. */
function page(reply: FastifyReply, ctx: AppContext, p: { title: string; text: string; form?: string }) {
  reply.header("Cache-Control", "no-store");
  reply.type("text/html; charset=utf-8");
  const product = esc(ctx.config.productName);
  return `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(p.title)} · ${product}</title></head>
<body style="margin:0;font-family:system-ui,Arial,sans-serif;background:#f1f5f9;color:#0f172a;">
<main style="max-width:32rem;margin:10vh auto;padding:24px;background:#fff;border:1px solid #e2e8f0;border-radius:8px;">
<p style="margin:0 0 8px;font-weight:bold;color:#1e3a8a;">${product}</p>
<h1 style="font-size:1.4rem;margin:0 0 12px;">${esc(p.title)}</h1>
<p style="line-height:1.5;">${esc(p.text)}</p>
${
  p.form
    ? `<form method="post" action="${esc(p.form)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="min-height:44px;padding:0 20px;font-size:1rem;font-weight:600;color:#fff;background:#1e3a8a;border:0;border-radius:6px;cursor:pointer;">Unsubscribe</button></form>`
    : `<p><a href="${esc(ctx.config.publicUrl)}/" style="color:#1e3a8a;">Go to the load board</a></p>`
}
</main></body></html>`;
}
