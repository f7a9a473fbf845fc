// Every /api route of the app with the schemas its handler parses and answers
// with (route-doc.ts says why a registry). Order: as the contract lists them.
// Shapes not yet described field by field answer `Object` (api-responses.ts).
import { z } from "zod";
import * as R from "../../../../contract/schemas/api-responses";
import { loadFiltersSchema, loadInputSchema, loadStatusSchema, acceptLoadSchema, calculateDistanceSchema } from "../../../../contract/schemas/load";
import { bidInputSchema, counterInputSchema } from "../../../../contract/schemas/bid";
import { messageListQuerySchema, messagePostSchema, messageReadSchema } from "../../../../contract/schemas/message";
import { bidHistoryEntrySchema, messageReadResultSchema, messageSchema, messageThreadListSchema, unreadMessagesSchema } from "../../../../contract/schemas/message-responses";
import { compliancePreviewQuerySchema } from "../../../../contract/schemas/compliance-preview";
import { pageQuerySchema } from "../../../../contract/schemas/page";
import { truckInputSchema, truckListQuerySchema, truckOfferSchema } from "../../../../contract/schemas/truck";
import { matchedLoadSchema, truckSchema } from "../../../../contract/schemas/truck-responses";
import {
  carrierListQuerySchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  pendingListQuerySchema,
  registerSchema,
  resetPasswordSchema,
  userListQuerySchema,
  userUpdateSchema,
} from "../../../../contract/schemas/user";
import {
  companyListQuerySchema,
  companyMergeSchema,
  companyUpdateSchema,
  complianceSettingsSchema,
  documentCreateSchema,
  documentVerifySchema,
  documentListQuerySchema,
  documentRejectSchema,
  moveUserSchema,
  registrationDocumentSchema,
  vatConfirmSchema,
} from "../../../../contract/schemas/company";
import { bulkMarkPaidSchema, invoiceListQuerySchema, invoiceSettingsSchema, markPaidSchema, statementQuerySchema } from "../../../../contract/schemas/invoice";
import { emailScheduleSchema } from "../../../../contract/schemas/email-schedule";
import { mailListQuerySchema } from "../../../../contract/schemas/mail";
import { emailPreferencesInputSchema, markReadSchema, notificationListQuerySchema } from "../../../../contract/schemas/notification";
import { podInputSchema } from "../../../../contract/schemas/pod";
import { companyScorecardSchema, networkScorecardSchema, resetReasonSchema, scorecardQuerySchema, siteWaitingOfLoadSchema } from "../../../../contract/schemas/scorecard";
import { laneRateQuerySchema, laneRateSchema } from "../../../../contract/schemas/rate";
import { insightQuerySchema, insightSchema } from "../../../../contract/schemas/insight";
import { savedSearchInputSchema, savedSearchListQuerySchema, savedSearchUpdateSchema } from "../../../../contract/schemas/saved-search";
import { apiTokenCreateSchema, apiTokenCreatedSchema, apiTokenListQuerySchema, apiTokenSchema } from "../../../../contract/schemas/integration";
import { EXPORT_KINDS, exportPath, type ExportKind } from "../../../../contract/schemas/export";
import { webhookAttemptSchema, webhookAttemptsQuerySchema, webhookCreateSchema, webhookCreatedSchema, webhookRetrySchema, webhookSchema, webhookUpdateSchema } from "../../../../contract/schemas/webhook";
import { BYTES, CSV, HTML, PDF, SSE, type RouteDoc } from "./route-doc";
import { importQuerySchema, importRefusedSchema, importResultSchema } from "../../../../contract/schemas/load-import";
import { approveClaimSchema, rejectClaimSchema, waitingClaimListSchema, waitingClaimSchema, waitingTimeSettingsSchema } from "../../../../contract/schemas/claim";
import { waitingClaimResponseSchema, waitingTimeSettingsResponseSchema } from "../../../../contract/schemas/claim-responses";
import { stopCorrectionSchema, stopEventSchema } from "../../../../contract/schemas/claim";
import { loadStopsSchema, stopEventResultSchema, stopPositionSchema } from "../../../../contract/schemas/stop-responses";

/**
 * One load's answer: the load, and what other modules add for this viewer
 * (load-detail-parts.ts): a booked load's stops and the waiting-time terms, for
 * staff and the holding company; the waiting at its areas when known (scorecards).
 */
const loadDetailSchema = R.loadSchema
  .extend({ stops: loadStopsSchema.optional(), waitingTime: waitingTimeSettingsResponseSchema.optional(), siteWaiting: siteWaitingOfLoadSchema.optional() })
  .meta({ id: "LoadDetail" });

const obj = R.anyObjectSchema;
const list = (s: z.ZodType) => z.array(s);
const ok = z.object({ success: z.literal(true), message: z.string().optional() });
const download = z.object({ download: z.string().max(10).optional() });
const PAGED = ["X-Total-Count"];

const EXPORT_QUERY: Record<ExportKind, z.ZodType> = {
  loads: loadFiltersSchema,
  users: userListQuerySchema,
  carriers: carrierListQuerySchema,
  bids: loadFiltersSchema,
  invoices: invoiceListQuerySchema,
};

export const ROUTE_DOCS: RouteDoc[] = [
  // ---------------------------------------------------------------- app
  { method: "GET", path: "/api/health", tag: "App", summary: "Readiness: the process and its database", access: "public", responses: { 200: z.object({ status: z.literal("ok"), uploads: z.string().optional().describe("present only while new uploads are refused (free disk space below UPLOAD_MIN_FREE_MB)"), database: z.literal("full").optional().describe("present only while writes are refused because the database's disk is full") }), 503: z.object({ status: z.literal("unavailable") }) } },
  { method: "GET", path: "/api/health/live", tag: "App", summary: "Liveness: the process answers", access: "public", responses: { 200: z.object({ status: z.literal("ok") }) } },
  { method: "GET", path: "/api/public-config", tag: "App", summary: "What the signed-out pages show", access: "public", responses: { 200: z.object({ productName: z.string(), newUserMailbox: z.string() }) } },
  { method: "GET", path: "/api/openapi.json", tag: "App", summary: "This OpenAPI 3.1 document", access: "public", responses: { 200: obj } },
  { method: "GET", path: "/api/docs", tag: "App", summary: "The API reference page (HTML)", access: "public", responses: { 200: HTML } },
  { method: "GET", path: "/api/pdf/user-guide", tag: "App", summary: "The user guide as PDF", access: "public", query: z.object({ version: z.string().max(20).optional(), download: z.string().max(10).optional() }), responses: { 200: PDF } },
  { method: "GET", path: "/api/live", tag: "App", summary: "Live updates stream", access: "signedIn", responses: { 200: SSE } },
  { method: "GET", path: "/api/stats", tag: "App", summary: "Board counters and earnings", access: "signedIn", responses: { 200: R.statsSchema } },

  // ---------------------------------------------------------------- auth and account
  { method: "GET", path: "/api/auth/user", tag: "Account", summary: "Who is signed in", access: "signedIn", responses: { 200: R.userSchema } },
  { method: "POST", path: "/api/login", tag: "Account", summary: "Sign in (sets the session cookie)", access: "public", body: loginSchema, responses: { 200: R.userSchema }, errors: [429] },
  { method: "POST", path: "/api/logout", tag: "Account", summary: "Sign out", access: "public", responses: { 200: ok } },
  { method: "POST", path: "/api/register", tag: "Account", summary: "Register a carrier (staff: create a user)", access: "public", body: registerSchema, responses: { 201: R.userSchema }, errors: [409, 429] },
  { method: "POST", path: "/api/auth/forgot-password", tag: "Account", summary: "Email a password reset link", access: "public", body: forgotPasswordSchema, responses: { 200: ok }, errors: [429] },
  { method: "POST", path: "/api/auth/reset-password", tag: "Account", summary: "Set a new password with a reset token", access: "public", body: resetPasswordSchema, responses: { 200: ok } },
  { method: "PATCH", path: "/api/users/:id/change-password", tag: "Account", summary: "Change one's own password", access: "signedIn", body: changePasswordSchema, responses: { 200: ok } },
  { method: "GET", path: "/api/notification-preferences", tag: "Account", summary: "Email preferences", access: "signedIn", responses: { 200: R.emailPreferencesSchema } },
  { method: "PUT", path: "/api/notification-preferences", tag: "Account", summary: "Change email preferences", access: "signedIn", body: emailPreferencesInputSchema, responses: { 200: R.emailPreferencesSchema } },
  { method: "GET", path: "/api/unsubscribe", tag: "Account", summary: "One-click unsubscribe page (RFC 8058)", access: "public", query: z.object({ token: z.string().max(300) }), responses: { 200: HTML } },
  { method: "POST", path: "/api/unsubscribe", tag: "Account", summary: "One-click unsubscribe (RFC 8058)", access: "public", query: z.object({ token: z.string().max(300) }), body: { mediaType: "application/x-www-form-urlencoded", description: "List-Unsubscribe=One-Click" }, responses: { 200: z.object({ unsubscribed: z.literal(true), type: z.string() }) } },

  // ---------------------------------------------------------------- users
  { method: "GET", path: "/api/users", tag: "Users", summary: "All users (Users tab)", access: "staff", query: userListQuerySchema, responses: { 200: list(R.userWithStatsSchema) }, headers: PAGED },
  { method: "GET", path: "/api/users/carrier", tag: "Users", summary: "Carriers tab", access: "staff", query: carrierListQuerySchema, responses: { 200: list(R.carrierSummarySchema) }, headers: PAGED },
  { method: "GET", path: "/api/users/pending", tag: "Users", summary: "Registrations waiting for approval", access: "staff", query: pendingListQuerySchema, responses: { 200: list(R.pendingUserSchema) }, headers: PAGED },
  { method: "POST", path: "/api/users/:id/approve", tag: "Users", summary: "Approve a registration", access: "staff", responses: { 200: R.userSchema }, errors: [409] },
  { method: "POST", path: "/api/users/:id/reject", tag: "Users", summary: "Reject a registration", access: "staff", responses: { 200: ok }, errors: [409] },
  { method: "PUT", path: "/api/users/:id", tag: "Users", summary: "Edit a user (own profile, or staff)", access: "signedIn", body: userUpdateSchema, responses: { 200: R.userSchema }, errors: [409] },
  { method: "DELETE", path: "/api/users/:id", tag: "Users", summary: "Delete a user", access: "staff", responses: { 204: null }, errors: [409] },
  { method: "PUT", path: "/api/users/:id/company", tag: "Users", summary: "Move a user to another company", access: "staff", body: moveUserSchema, responses: { 200: R.userSchema } },

  // ---------------------------------------------------------------- loads
  { method: "GET", path: "/api/loads", tag: "Loads", summary: "The board: loads the caller may see (ETag, 304)", access: "signedIn", query: loadFiltersSchema, responses: { 200: list(R.loadSchema), 304: null }, headers: PAGED },
  { method: "GET", path: "/api/loads/with-bids", tag: "Loads", summary: "Available loads with pending bids", access: "staff", query: loadFiltersSchema, responses: { 200: list(R.loadWithPendingBidsSchema) }, headers: PAGED },
  { method: "GET", path: "/api/loads/next-number", tag: "Loads", summary: "The next load number", access: "staff", responses: { 200: z.object({ loadNumber: z.string() }) } },
  { method: "GET", path: "/api/loads/next-po-number", tag: "Loads", summary: "The PO number the Approve dialog offers", access: "staff", responses: { 200: z.object({ mandataNumber: z.string() }) } },
  { method: "GET", path: "/api/loads/:id", tag: "Loads", summary: "One load (a booked load's stops for staff and the holding company)", access: "signedIn", responses: { 200: loadDetailSchema } },
  { method: "POST", path: "/api/loads", tag: "Loads", summary: "Create a load", access: "staff", body: loadInputSchema, responses: { 201: R.loadSchema }, errors: [409] },
  { method: "PUT", path: "/api/loads/:id", tag: "Loads", summary: "Edit a load", access: "staff", body: loadInputSchema, responses: { 200: R.loadSchema }, errors: [409] },
  { method: "POST", path: "/api/loads/:id/copy", tag: "Loads", summary: "Copy a load", access: "staff", responses: { 201: R.loadSchema } },
  { method: "PATCH", path: "/api/loads/:id/accept", tag: "Loads", summary: "Accept a load (a carrier; staff for one)", access: "signedIn", body: acceptLoadSchema, responses: { 200: R.loadSchema }, errors: [409] },
  { method: "PATCH", path: "/api/loads/:id/status", tag: "Loads", summary: "Move a load to another status", access: "staff", body: loadStatusSchema, responses: { 200: R.loadSchema }, errors: [409] },
  { method: "PATCH", path: "/api/loads/:id/reset-to-available", tag: "Loads", summary: "Put a load back on the board (reason \"carrier withdrew\": a hand-back)", access: "staff", body: resetReasonSchema, responses: { 200: R.loadSchema }, errors: [409] },
  { method: "POST", path: "/api/loads/:id/view", tag: "Loads", summary: "Record that the caller viewed a load", access: "signedIn", responses: { 204: null } },
  { method: "GET", path: "/api/loads/:id/views", tag: "Loads", summary: "Who viewed a load", access: "staff", query: pageQuerySchema, responses: { 200: list(R.loadViewSchema) }, headers: PAGED },
  { method: "GET", path: "/api/loads/:id/events", tag: "Loads", summary: "A load's history", access: "staff", query: pageQuerySchema, responses: { 200: list(R.loadEventSchema) }, headers: PAGED },
  { method: "POST", path: "/api/loads/import", tag: "Loads", summary: "Import loads from a CSV file (dryRun=true: check only; else all rows or none)", access: "staff", query: importQuerySchema, body: { mediaType: "text/csv", description: "A header row of the load's field names, then one load a row (at most 5,000 rows, 10 MB)" }, responses: { 200: importResultSchema, 201: importResultSchema, 400: importRefusedSchema }, errors: [413, 415] },
  { method: "GET", path: "/api/loads/import/template.csv", tag: "Loads", summary: "The CSV import template", access: "staff", responses: { 200: CSV } },
  { method: "PUT", path: "/api/loads/:id/pod", tag: "Loads", summary: "Submit proof of delivery", access: "signedIn", body: podInputSchema, responses: { 200: R.loadSchema }, errors: [409] },
  { method: "POST", path: "/api/calculate-distance", tag: "Loads", summary: "Road miles between two UK postcodes", access: "signedIn", body: calculateDistanceSchema, responses: { 200: z.object({ distance: z.number() }) } },
  { method: "GET", path: "/api/rates/lane", tag: "Loads", summary: "Lane rate guide", access: "signedIn", query: laneRateQuerySchema, responses: { 200: laneRateSchema } },

  // ---------------------------------------------------------------- bids
  { method: "POST", path: "/api/bids", tag: "Bids", summary: "Place or update a bid (carriers)", access: "signedIn", body: bidInputSchema, responses: { 200: R.bidSchema, 201: R.bidSchema }, errors: [409] },
  { method: "GET", path: "/api/user/bids", tag: "Bids", summary: "The caller's own bids", access: "signedIn", query: pageQuerySchema, responses: { 200: list(R.ownBidSchema) }, headers: PAGED },
  { method: "GET", path: "/api/loads/:id/bids", tag: "Bids", summary: "Bids on a load", access: "staff", query: pageQuerySchema, responses: { 200: list(R.bidWithCarrierSchema) }, headers: PAGED },
  { method: "GET", path: "/api/admin/bids", tag: "Bids", summary: "Every bid", access: "staff", query: pageQuerySchema, responses: { 200: list(R.bidWithCarrierSchema) }, headers: PAGED },
  { method: "POST", path: "/api/bids/:id/accept", tag: "Bids", summary: "Accept a bid (the load goes to its carrier)", access: "staff", responses: { 200: z.object({ bid: R.bidSchema, load: R.loadSchema }) }, errors: [409] },
  { method: "POST", path: "/api/bids/:id/reject", tag: "Bids", summary: "Reject a bid", access: "staff", responses: { 200: z.object({ bid: R.bidSchema }) }, errors: [409] },

  // ---------------------------------------------------------------- files
  { method: "POST", path: "/api/objects/upload", tag: "Files", summary: "A one-use upload ticket", access: "signedIn", responses: { 200: obj }, errors: [429, 503] },
  // the same URL also takes the file in chunks (Content-Range: bytes start-end/total): 202 {offset} until the last, then 200
  { method: "PUT", path: "/api/objects/upload/:token", tag: "Files", summary: "Upload a file with a ticket (whole, or resumably in chunks with Content-Range)", access: "signedIn", body: BYTES, responses: { 200: obj, 202: z.object({ offset: z.number().int() }) }, headers: ["Upload-Offset"], errors: [409, 413, 415, 429, 503] },
  { method: "GET", path: "/api/objects/upload/:token", tag: "Files", summary: "How many bytes of a resumable upload are held (also HEAD)", access: "signedIn", responses: { 200: z.object({ offset: z.number().int(), length: z.number().int().nullable(), complete: z.boolean(), objectPath: z.string().nullable() }) }, headers: ["Upload-Offset"], errors: [410] },

  // ---------------------------------------------------------------- notifications and saved searches
  { method: "GET", path: "/api/notifications", tag: "Notifications", summary: "The caller's notifications", access: "signedIn", query: notificationListQuerySchema, responses: { 200: R.notificationListSchema }, headers: PAGED },
  { method: "POST", path: "/api/notifications/read", tag: "Notifications", summary: "Mark notifications read", access: "signedIn", body: markReadSchema, responses: { 200: z.object({ unreadCount: z.number() }) } },
  { method: "GET", path: "/api/saved-searches", tag: "Notifications", summary: "The caller's saved searches", access: "signedIn", query: savedSearchListQuerySchema, responses: { 200: list(R.savedSearchSchema) }, headers: PAGED },
  { method: "POST", path: "/api/saved-searches", tag: "Notifications", summary: "Save a search (lane alert)", access: "signedIn", body: savedSearchInputSchema, responses: { 201: R.savedSearchSchema }, errors: [409] },
  { method: "PUT", path: "/api/saved-searches/:id", tag: "Notifications", summary: "Change a saved search", access: "signedIn", body: savedSearchUpdateSchema, responses: { 200: R.savedSearchSchema } },
  { method: "DELETE", path: "/api/saved-searches/:id", tag: "Notifications", summary: "Delete a saved search", access: "signedIn", responses: { 204: null } },

  // ---------------------------------------------------------------- companies and compliance
  { method: "GET", path: "/api/companies", tag: "Companies", summary: "Carrier companies", access: "staff", query: companyListQuerySchema, responses: { 200: list(R.companySchema) }, headers: PAGED },
  { method: "GET", path: "/api/companies/:id", tag: "Companies", summary: "One company", access: "signedIn", responses: { 200: R.companySchema } },
  { method: "GET", path: "/api/companies/:id/scorecard", tag: "Companies", summary: "The company's scorecard from facts, with the loads behind it (staff, its members)", access: "signedIn", query: scorecardQuerySchema, responses: { 200: companyScorecardSchema } },
  { method: "GET", path: "/api/scorecard/network", tag: "Companies", summary: "How the network treats carriers: days to pay, claims, waiting at sites", access: "signedIn", query: scorecardQuerySchema, responses: { 200: networkScorecardSchema } },
  { method: "PUT", path: "/api/companies/:id", tag: "Companies", summary: "Edit a company", access: "signedIn", body: companyUpdateSchema, responses: { 200: R.companySchema } },
  { method: "POST", path: "/api/companies/:id/vat-number/confirm", tag: "Companies", summary: "Confirm a member's proposed VAT number (invoices charge VAT on it from now)", access: "staff", body: vatConfirmSchema, responses: { 200: R.companySchema }, errors: [409] },
  { method: "POST", path: "/api/companies/:id/merge", tag: "Companies", summary: "Merge a company into another", access: "staff", body: companyMergeSchema, responses: { 200: R.companySchema }, errors: [409] },
  { method: "GET", path: "/api/companies/:id/documents", tag: "Companies", summary: "A company's documents", access: "signedIn", query: pageQuerySchema, responses: { 200: list(R.companyDocumentSchema) }, headers: PAGED },
  { method: "POST", path: "/api/companies/:id/documents", tag: "Companies", summary: "Add a compliance document", access: "signedIn", body: documentCreateSchema, responses: { 201: R.companyDocumentSchema } },
  { method: "GET", path: "/api/documents", tag: "Companies", summary: "Documents to review", access: "staff", query: documentListQuerySchema, responses: { 200: list(R.reviewDocumentSchema) }, headers: PAGED },
  { method: "POST", path: "/api/documents/:id/verify", tag: "Companies", summary: "Verify a document", access: "staff", body: documentVerifySchema, responses: { 200: R.companyDocumentSchema }, errors: [409] },
  { method: "POST", path: "/api/documents/:id/reject", tag: "Companies", summary: "Reject a document", access: "staff", body: documentRejectSchema, responses: { 200: R.companyDocumentSchema }, errors: [409] },
  { method: "GET", path: "/api/compliance/summary", tag: "Companies", summary: "Compliance counts", access: "staff", responses: { 200: R.complianceSummarySchema } },
  { method: "GET", path: "/api/compliance/me", tag: "Companies", summary: "The caller's company compliance", access: "signedIn", responses: { 200: R.complianceMeSchema } },
  { method: "GET", path: "/api/admin/compliance-settings", tag: "Companies", summary: "Compliance settings", access: "staff", responses: { 200: complianceSettingsSchema } },
  { method: "PUT", path: "/api/admin/compliance-settings", tag: "Companies", summary: "Change compliance settings", access: "staff", body: complianceSettingsSchema, responses: { 200: complianceSettingsSchema } },
  { method: "GET", path: "/api/admin/compliance-settings/preview", tag: "Companies", summary: "What compliance settings would block, before saving them", access: "staff", query: compliancePreviewQuerySchema, responses: { 200: R.compliancePreviewSchema } },
  { method: "POST", path: "/api/registration/upload", tag: "Companies", summary: "An applicant's upload ticket (at most 4 in all)", access: "applicant", responses: { 200: obj }, errors: [429, 503] },
  { method: "PUT", path: "/api/registration/upload/:token", tag: "Companies", summary: "An applicant's upload", access: "applicant", body: BYTES, responses: { 200: obj }, errors: [413, 415, 429, 503] },
  { method: "POST", path: "/api/registration/documents", tag: "Companies", summary: "Attach an applicant's document", access: "applicant", body: registrationDocumentSchema, responses: { 201: R.registrationDocumentSchema } },
  { method: "GET", path: "/api/registration/documents", tag: "Companies", summary: "An applicant's documents", access: "applicant", responses: { 200: z.object({ items: z.array(R.registrationDocumentSchema), total: z.number() }) } },

  // ---------------------------------------------------------------- invoices
  { method: "GET", path: "/api/invoices", tag: "Invoices", summary: "Self-billing invoices", access: "signedIn", query: invoiceListQuerySchema, responses: { 200: list(R.invoiceSchema) }, headers: PAGED },
  { method: "GET", path: "/api/invoices/statement", tag: "Invoices", summary: "A statement (PDF or CSV)", access: "signedIn", query: statementQuerySchema, responses: { 200: PDF } },
  { method: "GET", path: "/api/invoices/:id", tag: "Invoices", summary: "One invoice", access: "signedIn", responses: { 200: R.invoiceSchema } },
  { method: "GET", path: "/api/invoices/:id/pdf", tag: "Invoices", summary: "An invoice as PDF", access: "signedIn", query: download, responses: { 200: PDF } },
  { method: "POST", path: "/api/invoices/:id/paid", tag: "Invoices", summary: "Mark an invoice paid", access: "staff", body: markPaidSchema, responses: { 200: R.invoiceSchema }, errors: [409] },
  { method: "POST", path: "/api/invoices/paid", tag: "Invoices", summary: "A payment run", access: "staff", body: bulkMarkPaidSchema, responses: { 200: R.bulkMarkPaidResultSchema } },
  { method: "GET", path: "/api/admin/invoice-settings", tag: "Invoices", summary: "Invoice settings", access: "staff", responses: { 200: invoiceSettingsSchema } },
  { method: "PUT", path: "/api/admin/invoice-settings", tag: "Invoices", summary: "Change invoice settings", access: "staff", body: invoiceSettingsSchema, responses: { 200: invoiceSettingsSchema } },
  { method: "GET", path: "/api/insight", tag: "Invoices", summary: "Weekly figures", access: "staff", query: insightQuerySchema, responses: { 200: insightSchema } },
  ...EXPORT_KINDS.map(
    (kind): RouteDoc => ({ method: "GET", path: exportPath(kind), tag: "Exports", summary: `CSV export: ${kind}`, access: "staff", query: EXPORT_QUERY[kind], responses: { 200: CSV } }),
  ),

  // ---------------------------------------------------------------- email
  { method: "POST", path: "/api/admin/send-available-loads-email", tag: "Email", summary: "Send the available-loads email now", access: "staff", responses: { 200: R.bulkEmailResultSchema } },
  { method: "GET", path: "/api/admin/email-schedule-settings", tag: "Email", summary: "The email schedule", access: "staff", responses: { 200: obj } },
  { method: "PUT", path: "/api/admin/email-schedule-settings", tag: "Email", summary: "Change the email schedule", access: "staff", body: emailScheduleSchema, responses: { 200: obj } },
  { method: "GET", path: "/api/admin/mail", tag: "Email", summary: "The mail outbox", access: "staff", query: mailListQuerySchema, responses: { 200: list(R.outboxMailSchema) }, headers: PAGED },
  { method: "POST", path: "/api/admin/mail/:id/resend", tag: "Email", summary: "Resend a mail", access: "staff", responses: { 200: R.outboxMailSchema } },
  { method: "GET", path: "/api/admin/mail/batches/:id", tag: "Email", summary: "A bulk email's progress", access: "staff", responses: { 200: R.mailBatchProgressSchema } },

  // ---------------------------------------------------------------- stops on a booked load
  { method: "POST", path: "/api/loads/:id/stops/:stop/arrival", tag: "Claims", summary: "Record the arrival at pickup or delivery (the holding company or staff)", access: "signedIn", body: stopEventSchema, responses: { 200: stopEventResultSchema }, errors: [409] },
  { method: "POST", path: "/api/loads/:id/stops/:stop/departure", tag: "Claims", summary: "Record the departure from pickup or delivery (after its arrival)", access: "signedIn", body: stopEventSchema, responses: { 200: stopEventResultSchema }, errors: [409] },
  { method: "PUT", path: "/api/loads/:id/stops/:stop", tag: "Claims", summary: "Correct a stop's times, with a reason for the load's history", access: "staff", body: stopCorrectionSchema, responses: { 200: loadStopsSchema }, errors: [409] },
  { method: "GET", path: "/api/loads/:id/stops/positions", tag: "Claims", summary: "The positions sent with a load's stop times (kept 30 days)", access: "staff", responses: { 200: list(stopPositionSchema) } },
  // ---------------------------------------------------------------- waiting-time claims
  { method: "GET", path: "/api/admin/waiting-time-settings", tag: "Claims", summary: "Waiting-time settings: free minutes, rate, cap, claim window", access: "staff", responses: { 200: waitingTimeSettingsResponseSchema } },
  { method: "PUT", path: "/api/admin/waiting-time-settings", tag: "Claims", summary: "Change the waiting-time settings", access: "staff", body: waitingTimeSettingsSchema, responses: { 200: waitingTimeSettingsResponseSchema } },
  { method: "POST", path: "/api/loads/:id/waiting-claims", tag: "Claims", summary: "Claim the waiting at a stop beyond the free time (the holding company)", access: "signedIn", body: waitingClaimSchema, responses: { 201: waitingClaimResponseSchema }, errors: [409] },
  { method: "GET", path: "/api/waiting-claims", tag: "Claims", summary: "Waiting-time claims (a carrier their company's, staff all), pending first", access: "signedIn", query: waitingClaimListSchema, responses: { 200: list(waitingClaimResponseSchema) }, headers: PAGED },
  { method: "POST", path: "/api/waiting-claims/:id/approve", tag: "Claims", summary: "Approve a pending claim (a lower amount with a reason)", access: "staff", body: approveClaimSchema, responses: { 200: waitingClaimResponseSchema }, errors: [409] },
  { method: "POST", path: "/api/waiting-claims/:id/reject", tag: "Claims", summary: "Reject a pending claim with a reason", access: "staff", body: rejectClaimSchema, responses: { 200: waitingClaimResponseSchema }, errors: [409] },
  // ---------------------------------------------------------------- messages on a load, counter-offers
  { method: "GET", path: "/api/loads/:id/messages", tag: "Messages", summary: "A load's message threads (a carrier their company's; staff every thread, or one with companyId=)", access: "signedIn", query: messageListQuerySchema, responses: { 200: messageThreadListSchema }, headers: PAGED },
  { method: "POST", path: "/api/loads/:id/messages", tag: "Messages", summary: "Write in a load's thread (staff name the company); plain text, 30 a minute", access: "signedIn", body: messagePostSchema, responses: { 201: messageSchema }, errors: [429] },
  { method: "GET", path: "/api/messages/unread", tag: "Messages", summary: "The caller's threads with unread messages, latest first, and their count (the header's messages entry)", access: "signedIn", responses: { 200: unreadMessagesSchema }, headers: PAGED },
  { method: "POST", path: "/api/loads/:id/messages/read", tag: "Messages", summary: "Mark a thread read so far (staff name the company)", access: "signedIn", body: messageReadSchema, responses: { 200: messageReadResultSchema } },
  { method: "POST", path: "/api/bids/:id/counter", tag: "Bids", summary: "Counter a pending bid with another amount until it expires (5–1440 minutes, default 60)", access: "staff", body: counterInputSchema, responses: { 200: z.object({ bid: R.bidSchema }) }, errors: [409] },
  { method: "POST", path: "/api/bids/:id/accept-counter", tag: "Bids", summary: "The bidder accepts the counter-offer: the load is theirs at that amount", access: "signedIn", responses: { 200: z.object({ bid: R.bidSchema, load: R.loadSchema }) }, errors: [409] },
  { method: "POST", path: "/api/bids/:id/decline-counter", tag: "Bids", summary: "The bidder declines the counter-offer: pending again at the bid's own amount", access: "signedIn", responses: { 200: z.object({ bid: R.bidSchema }) }, errors: [409] },
  { method: "GET", path: "/api/bids/:id/history", tag: "Bids", summary: "Every amount, counter-offer and answer of a bid, with who and when (staff and the bidder's company)", access: "signedIn", responses: { 200: list(bidHistoryEntrySchema) }, headers: PAGED },

  // ---------------------------------------------------------------- trucks and return loads
  { method: "POST", path: "/api/trucks", tag: "Trucks", summary: "Post a truck free from a UK day (to at most 14 days after), at a place, perhaps heading home (a member of a carrier company; 20 open a company)", access: "signedIn", body: truckInputSchema, responses: { 201: truckSchema }, errors: [409, 503] },
  { method: "GET", path: "/api/trucks", tag: "Trucks", summary: "Trucks: a carrier their company's (newest first); staff every open one, near a place, on a day", access: "signedIn", query: truckListQuerySchema, responses: { 200: list(truckSchema) }, headers: PAGED },
  { method: "DELETE", path: "/api/trucks/:id", tag: "Trucks", summary: "Withdraw a truck (its company or staff)", access: "signedIn", responses: { 204: null } },
  { method: "GET", path: "/api/trucks/:id/matches", tag: "Trucks", summary: "Available loads that fit an open truck, fewest empty miles first, then rate per mile (its company and staff)", access: "signedIn", query: pageQuerySchema, responses: { 200: list(matchedLoadSchema) }, headers: PAGED, errors: [503] },
  { method: "POST", path: "/api/trucks/:id/offer", tag: "Trucks", summary: "Offer an available load to an open truck: truck_offer to its company's members", access: "staff", body: truckOfferSchema, responses: { 200: truckSchema }, errors: [409] },
  { method: "GET", path: "/api/loads/:id/return-loads", tag: "Trucks", summary: "Loads home: picking up within 30 miles of a booked load's delivery on its delivery day or the next two (the holding company and staff)", access: "signedIn", query: pageQuerySchema, responses: { 200: list(matchedLoadSchema) }, headers: PAGED, errors: [503] },

  // ---------------------------------------------------------------- integrations
  { method: "POST", path: "/api/admin/api-tokens", tag: "Integrations", summary: "Create an API token (shown once)", access: "admin", body: apiTokenCreateSchema, responses: { 201: apiTokenCreatedSchema } },
  { method: "GET", path: "/api/admin/api-tokens", tag: "Integrations", summary: "API tokens (never the token)", access: "admin", query: apiTokenListQuerySchema, responses: { 200: list(apiTokenSchema) }, headers: PAGED },
  { method: "DELETE", path: "/api/admin/api-tokens/:id", tag: "Integrations", summary: "Revoke an API token at once", access: "admin", responses: { 204: null } },
  { method: "POST", path: "/api/admin/webhooks", tag: "Integrations", summary: "Register a webhook endpoint (its signing secret shown once)", access: "admin", body: webhookCreateSchema, responses: { 201: webhookCreatedSchema } },
  { method: "GET", path: "/api/admin/webhooks", tag: "Integrations", summary: "Webhook endpoints (never the secret)", access: "admin", responses: { 200: list(webhookSchema) } },
  { method: "PUT", path: "/api/admin/webhooks/:id", tag: "Integrations", summary: "Change a webhook endpoint", access: "admin", body: webhookUpdateSchema, responses: { 200: webhookSchema } },
  { method: "DELETE", path: "/api/admin/webhooks/:id", tag: "Integrations", summary: "Delete a webhook endpoint", access: "admin", responses: { 204: null } },
  { method: "GET", path: "/api/admin/webhooks/:id/deliveries", tag: "Integrations", summary: "An endpoint's delivery log: one row per attempt", access: "admin", query: webhookAttemptsQuerySchema, responses: { 200: list(webhookAttemptSchema) } },
  { method: "POST", path: "/api/admin/webhooks/:id/deliveries/:deliveryId/retry", tag: "Integrations", summary: "Send a delivery again now", access: "admin", responses: { 200: webhookRetrySchema }, errors: [409] },
];
