// Registration with documents: it accepts the two insurance documents as
// uploads (decisions: docs/decisions/0013-compliance.md "Registration with documents").
//
// A pending applicant has no session (an unapproved account cannot sign
// in, and the session plugin ignores the session of one). So a self-registration
// gets an `applicant` cookie instead: HttpOnly, SameSite=Strict, Secure over HTTPS,
// sent only under /api/registration, for 2 hours. Its random token is stored as
// SHA-256 of "applicant:" + token in a table of its own (applicant_tokens), never in
// sessions: the session plugin reads only its own cookie and table, so the token
// can never act as a session, and a session's token is no applicant's. It allows
// three things: an upload ticket (the same content checks, size limit, per-user
// rate limit and budget as POST /api/objects/upload; at most 4 in all), posting one of the two insurances, and
// listing them. The documents are held on the account until approval moves them to
// its company (companies.service linkUserToCompany); rejection deletes them with it.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken, sha256 } from "../../lib/crypto";
import { REGISTRATION_MSG } from "../../../contract/schemas/company";
import { createUploadTicket } from "../objects/objects.service";
import { countApplicantTicket, deleteApplicantTokens, findApplicant, insertApplicantToken } from "./registration.repository";

export const APPLICANT_COOKIE = "applicant";
/** the cookie's path: the browser sends it to the registration calls and nowhere else */
export const APPLICANT_PATH = "/api/registration";
/** where an applicant's upload is PUT (under the cookie's path) */
export const APPLICANT_UPLOAD_PATH = `${APPLICANT_PATH}/upload/`;
/** long enough to find the certificates and photograph them; short enough to be worth little if copied */
export const APPLICANT_TTL_MS = 2 * 60 * 60_000;

/** Another domain than session ids (sha256 of the bare token): the same token can never name both. */
const tokenHash = (token: string) => sha256(`applicant:${token}`);

export interface ApplicantAccess {
  token: string;
  expiresAt: Date;
}

/** In the self-registration's transaction: a new applicant token (the cookie is set by setApplicantCookie). */
export async function issueApplicantToken(opts: { tx: DbOrTx; userId: string; now: Date }): Promise<ApplicantAccess> {
  const token = randomToken();
  const expiresAt = new Date(opts.now.getTime() + APPLICANT_TTL_MS);
  await insertApplicantToken(opts.tx, { tokenHash: tokenHash(token), userId: opts.userId, expiresAt, now: opts.now });
  return { token, expiresAt };
}

export function setApplicantCookie(reply: FastifyReply, req: FastifyRequest, access: ApplicantAccess): void {
  reply.setCookie(APPLICANT_COOKIE, access.token, {
    path: APPLICANT_PATH,
    httpOnly: true,
    // strict: the cookie goes with no request another site starts, not even a top-level link
    sameSite: "strict",
    secure: req.protocol === "https",
    expires: access.expiresAt,
  });
}

/**
 * The pending account the request's applicant cookie names, or 401: no cookie, an
 * unknown or expired token, or an account approved (or deleted) since. A session
 * cookie counts for nothing here.
 */
export async function requireApplicant(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const token = req.cookies[APPLICANT_COOKIE];
  const user = token && token.length <= 100 ? await findApplicant(ctx.db, tokenHash(token), ctx.clock.now()) : undefined;
  if (!user) throw new AppError(401, REGISTRATION_MSG.noApplicant);
  return user;
}

/** Approval, in its transaction: the applicant's cookie stops working (they sign in now). */
export function endApplicantAccess(opts: { tx: DbOrTx; userId: string }): Promise<void> {
  return deleteApplicantTokens(opts.tx, opts.userId);
}

/** Upload tickets an applicant gets in all: the two insurances and a retry or replacement each. */
export const APPLICANT_UPLOAD_LIMIT = 4;
export const APPLICANT_UPLOAD_LIMIT_MSG = `You can upload at most ${APPLICANT_UPLOAD_LIMIT} files while you register. Please email any other documents to us, or upload them once your account is approved.`;

/**
 * POST /api/registration/upload: a ticket owned by the applicant, PUT under the
 * cookie's path; at most APPLICANT_UPLOAD_LIMIT in all (429 beyond, nothing to
 * wait for: the rest is uploaded once the account is approved), counted on the
 * applicant token in the ticket's transaction.
 */
export function createApplicantUploadTicket(opts: { ctx: AppContext; applicant: Pick<UserRow, "id"> }) {
  return createUploadTicket({
    ctx: opts.ctx,
    user: opts.applicant,
    uploadPath: APPLICANT_UPLOAD_PATH,
    beforeIssue: async (tx) => {
      if (!(await countApplicantTicket(tx, opts.applicant.id, APPLICANT_UPLOAD_LIMIT))) throw new AppError(429, APPLICANT_UPLOAD_LIMIT_MSG);
    },
  });
}
