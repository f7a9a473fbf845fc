// Response shapes as zod schemas, for the OpenAPI document (generated
// from the schemas, not hand-written). The contract's
// own types are TypeScript interfaces (load.ts, bid.ts, user.ts); each schema
// here is checked at compile time to be exactly its interface (the Same<> lines
// at the end), so the two cannot drift apart, and the API tests validate real
// answers against the generated document (openapi.test.ts).
import { z } from "zod";
import { BID_STATUSES, EQUIPMENT_TYPES, FORS_LEVELS, LOAD_STATUSES, ROLES, TIME_TYPES } from "../constants";
import type { Bid, BidWithCarrier, LoadWithPendingBids, OwnBid } from "./bid";
import type { Load, LoadEvent, LoadView, Stats } from "./load";
import type { CarrierSummary, PendingUser, User, UserWithStats } from "./user";
import type { ErrorBody } from "../errors";
import {
  COMPLIANCE_STATUSES,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  CERTIFICATE_FORS_LEVELS,
  type Company,
  type CompanyDocument,
  type ComplianceMe,
  type ComplianceSummary,
  type RegistrationDocument,
  type ReviewDocument,
} from "./company";
import { BULK_SKIP_REASONS, INVOICE_STATUSES, type BulkMarkPaidResult, type BulkSkipReason, type Invoice } from "./invoice";
import { MAIL_STATUSES, type MailBatchProgress, type OutboxMail } from "./mail";
import { EMAIL_TYPES, NOTIFICATION_TYPES, type EmailPreferences, type NotificationList } from "./notification";
import { LANE_ALERTS, savedSearchFiltersSchema, type SavedSearch } from "./saved-search";
import type { BulkEmailResult } from "./email-schedule";
import type { CompliancePreview } from "./compliance-preview";

const instant = () => z.string().describe("ISO-8601 instant (UTC)");
const s = () => z.string().nullable();
const n = () => z.number().nullable();

export const errorBodySchema = z
  .object({
    error: z.string(),
    details: z.union([z.array(z.object({ path: z.string(), message: z.string() })), z.string()]).optional(),
    message: z.string().optional(),
  })
  .meta({ id: "Error", description: "The one error body of the contract: {error, details?}" });

export const loadSchema = z
  .object({
    id: z.string(),
    loadNumber: z.string(),
    mandataNumber: s(),
    status: z.enum(LOAD_STATUSES),
    pickupAddress: s(),
    pickupCity: z.string(),
    pickupState: s(),
    pickupZip: s(),
    pickupDate: s(),
    pickupTimeType: z.enum(TIME_TYPES),
    pickupStartTime: s(),
    pickupEndTime: s(),
    pickupContact: s(),
    pickupReference: s(),
    pickupInstructions: s(),
    deliveryAddress: s(),
    deliveryCity: z.string(),
    deliveryState: s(),
    deliveryZip: s(),
    deliveryDate: s(),
    deliveryTimeType: z.enum(TIME_TYPES),
    deliveryStartTime: s(),
    deliveryEndTime: s(),
    deliveryContact: s(),
    deliveryReference: s(),
    deliveryInstructions: s(),
    weight: n(),
    length: n(),
    width: n(),
    height: n(),
    distance: n(),
    price: z.number(),
    ratePerMile: n(),
    cargoType: s(),
    equipmentType: z.enum(EQUIPMENT_TYPES),
    isUrgent: z.boolean(),
    isTemperatureControlled: z.boolean(),
    adr: z.boolean(),
    waste: z.boolean(),
    tailLift: z.boolean(),
    moffett: z.boolean(),
    edgeProtectors: z.boolean(),
    forsRequirement: z.string(),
    acceptedBy: s(),
    acceptedByCarrier: s(),
    acceptedAt: s(),
    completedAt: s(),
    pickupSignedBy: s(),
    pickupSignedDate: s(),
    deliverySignedBy: s(),
    deliverySignedDate: s(),
    signedPaperworkUrl: s(),
    createdAt: instant(),
    updatedAt: instant(),
    expired: z.boolean(),
  })
  .meta({ id: "Load", description: "A load; fields the caller may not see are null (contract: redaction)" });

export const bidSchema = z
  .object({
    id: z.string(),
    loadId: z.string(),
    carrierId: z.string(),
    bidAmount: z.number(),
    listedPrice: n(),
    notes: s(),
    status: z.enum(BID_STATUSES),
    createdAt: instant(),
    updatedAt: instant(),
    counterAmount: n().describe("staff's counter-offer while the bid is countered"),
    counterExpiresAt: s().describe("when the counter-offer lapses (the bid is pending again)"),
    counterNote: s(),
  })
  .meta({ id: "Bid" });

export const bidWithCarrierSchema = bidSchema
  .extend({
    carrierName: s(),
    carrierCompany: s(),
    loadNumber: z.string().optional(),
    loadStatus: z.enum(LOAD_STATUSES).optional(),
    bidderCompliance: z.enum(COMPLIANCE_STATUSES).nullable(),
    bidderForsLevel: z.enum(FORS_LEVELS),
    awardBlockedReason: s().describe("the 409 the compliance settings would give an award of this bid now; null when they allow it"),
  })
  .meta({ id: "BidWithCarrier" });

export const ownBidSchema = bidSchema.extend({ loadNumber: z.string(), loadStatus: z.enum(LOAD_STATUSES) }).meta({ id: "OwnBid" });

export const loadWithPendingBidsSchema = z
  .object({ load: loadSchema, bidCount: z.number(), lowestBid: z.number() })
  .meta({ id: "LoadWithPendingBids" });

export const loadViewSchema = z.object({ userName: s(), userCarrier: s(), viewedAt: instant() }).meta({ id: "LoadView" });

export const loadEventSchema = z
  .object({ id: z.string(), action: z.string(), fromStatus: s(), toStatus: s(), actorName: s(), reason: s(), createdAt: instant() })
  .meta({ id: "LoadEvent" });

export const statsSchema = z
  .object({ available: z.number(), accepted: z.number(), approved: z.number(), completed: z.number(), totalEarnings: z.number() })
  .meta({ id: "Stats" });

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    carrierName: s(),
    contactNumber: s(),
    role: z.enum(ROLES),
    isAdmin: z.boolean(),
    isApproved: z.boolean(),
    lastLoginAt: s(),
    createdAt: instant(),
    updatedAt: instant(),
    companyId: s(),
    compliance: z.enum(COMPLIANCE_STATUSES).nullable(),
  })
  .meta({ id: "User", description: "An account; never a password hash or reset token" });

export const userWithStatsSchema = userSchema.extend({ loadsAccepted: z.number(), totalEarnings: z.number() }).meta({ id: "UserWithStats" });

export const pendingUserSchema = userSchema
  .extend({
    joinsCompany: z.object({ carrierName: z.string(), members: z.number(), bookings: z.number() }).nullable(),
    documentCount: z.number(),
    repeatOf: z
      .object({ id: z.string(), email: z.string(), isApproved: z.boolean(), createdAt: instant() })
      .nullable()
      .meta({ description: "The earliest other account or registration with the same name, company and phone (case, spaces and phone punctuation aside): a repeat registration" }),
  })
  .meta({ id: "PendingUser" });

export const carrierSummarySchema = z
  .object({
    carrierName: z.string(),
    companyId: s(),
    compliance: z.enum(COMPLIANCE_STATUSES).nullable(),
    contacts: z.array(z.object({ name: z.string(), email: z.string() })),
    moreContacts: z.number(),
    acceptedLoads: z.number(),
    totalEarnings: z.number(),
    lastActivity: s(),
    joinedAt: s(),
  })
  .meta({ id: "CarrierSummary" });

export const notificationSchema = z
  .object({ id: z.string(), type: z.enum(NOTIFICATION_TYPES), title: z.string(), body: z.string(), loadId: s(), createdAt: instant(), readAt: s() })
  .meta({ id: "Notification" });
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unreadCount: z.number() }).meta({ id: "NotificationList" });

export const companySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    companyNumber: z.string(),
    vatNumber: z.string().describe("confirmed by staff: invoices charge VAT only on this number"),
    proposedVatNumber: s().describe("a member's VAT number waiting for staff to confirm (null: none; \"\": a request to remove it)"),
    operatorLicence: z.string(),
    forsLevel: z.enum(FORS_LEVELS),
    verifiedForsLevel: z.enum(FORS_LEVELS),
    compliance: z.enum(COMPLIANCE_STATUSES),
    memberCount: z.number(),
    createdAt: instant(),
    onTimeDeliveryRate: z.number().nullable().optional().describe("GET /api/companies only: per cent of known deliveries on time, last 90 days"),
    podHoursMedian: z.number().nullable().optional().describe("GET /api/companies only: median hours from delivery to POD, last 90 days"),
  })
  .meta({ id: "Company" });

export const companyDocumentSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    objectPath: z.string(),
    expiresOn: z.string().describe("YYYY-MM-DD, a UK calendar day"),
    coverAmount: n(),
    forsLevel: z.enum(CERTIFICATE_FORS_LEVELS).nullable().describe("a FORS certificate's level; null for other kinds"),
    status: z.enum(DOCUMENT_STATUSES),
    reason: s(),
    uploadedBy: s(),
    uploadedAt: instant(),
    reviewedBy: s(),
    reviewedAt: s(),
  })
  .meta({ id: "CompanyDocument" });
export const reviewDocumentSchema = companyDocumentSchema
  .extend({ companyName: z.string(), uploadedByName: s(), replacementPending: z.boolean() })
  .meta({ id: "ReviewDocument" });
export const registrationDocumentSchema = companyDocumentSchema.omit({ companyId: true }).meta({ id: "RegistrationDocument" });
export const complianceSummarySchema = z.object({ pending: z.number(), expiring: z.number(), expired: z.number() }).meta({ id: "ComplianceSummary" });
export const complianceMeSchema = z
  .object({ companyId: s(), compliance: z.enum(COMPLIANCE_STATUSES).nullable(), verifiedForsLevel: z.enum(FORS_LEVELS), requireCompliance: z.boolean(), enforceFors: z.boolean() })
  .meta({ id: "ComplianceMe" });

export const compliancePreviewSchema = z
  .object({
    requireCompliance: z.boolean(),
    enforceFors: z.boolean(),
    companyCount: z.number(),
    companies: z.array(
      z.object({ id: z.string(), name: z.string(), compliance: z.enum(COMPLIANCE_STATUSES), verifiedForsLevel: z.enum(FORS_LEVELS), reason: z.string() }),
    ),
    openBidCount: z.number(),
    openBids: z.array(
      z.object({ bidId: z.string(), loadId: z.string(), loadNumber: z.string(), bidAmount: z.number(), carrierName: s(), carrierCompany: s(), reason: z.string() }),
    ),
  })
  .meta({ id: "CompliancePreview", description: "What the settings asked about would block: companies that could no longer book, pending bids that could no longer be awarded" });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    loadId: z.string(),
    loadNumber: z.string(),
    companyId: s(),
    carrierName: z.string(),
    carrierVatNumber: z.string(),
    lines: z.array(z.object({ description: z.string(), amount: z.number() })).describe("the load's price first, then each approved waiting-time claim; net is their sum"),
    net: z.number(),
    vatRate: z.number(),
    vat: z.number(),
    gross: z.number(),
    issuedOn: z.string(),
    dueOn: z.string(),
    status: z.enum(INVOICE_STATUSES),
    paidOn: s(),
    paymentReference: s(),
    overdue: z.boolean(),
  })
  .meta({ id: "Invoice" });
export const bulkMarkPaidResultSchema = z
  .object({
    paid: z.array(invoiceSchema),
    skipped: z.array(z.object({ id: z.string(), number: s(), reason: z.enum(Object.keys(BULK_SKIP_REASONS) as [BulkSkipReason, ...BulkSkipReason[]]), message: z.string() })),
  })
  .meta({ id: "BulkMarkPaidResult" });

export const outboxMailSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number(),
    lastError: s(),
    createdAt: instant(),
    nextAttemptAt: s(),
    finishedAt: s(),
  })
  .meta({ id: "OutboxMail" });
export const mailBatchProgressSchema = z
  .object({ batchId: z.string(), total: z.number(), queued: z.number(), retrying: z.number(), delivered: z.number(), failed: z.number() })
  .meta({ id: "MailBatchProgress" });
export const bulkEmailResultSchema = z
  .object({ successCount: z.number(), totalLoads: z.number(), queued: z.number(), batchId: s() })
  .meta({ id: "BulkEmailResult" });

export const savedSearchSchema = z
  .object({ id: z.string(), name: z.string(), filters: savedSearchFiltersSchema, alert: z.enum(LANE_ALERTS), createdAt: instant(), updatedAt: instant() })
  .meta({ id: "SavedSearch" });
export const emailPreferencesSchema = z.object({ email: z.record(z.enum(EMAIL_TYPES), z.boolean()) }).meta({ id: "EmailPreferences" });

/** Answers of calls whose shape is not yet described field by field here: an object (or a list of them). */
export const anyObjectSchema = z.looseObject({}).meta({ id: "Object", description: "A JSON object (its fields are described in the contract, not yet here)" });

// Compile-time proof that each schema is exactly its contract interface.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof loadSchema>, Load>>();
same<Same<z.infer<typeof bidSchema>, Bid>>();
same<Same<z.infer<typeof bidWithCarrierSchema>, BidWithCarrier>>();
same<Same<z.infer<typeof ownBidSchema>, OwnBid>>();
same<Same<z.infer<typeof loadWithPendingBidsSchema>, LoadWithPendingBids>>();
same<Same<z.infer<typeof loadViewSchema>, LoadView>>();
same<Same<z.infer<typeof loadEventSchema>, LoadEvent>>();
same<Same<z.infer<typeof statsSchema>, Stats>>();
same<Same<z.infer<typeof userSchema>, User>>();
same<Same<z.infer<typeof userWithStatsSchema>, UserWithStats>>();
same<Same<z.infer<typeof pendingUserSchema>, PendingUser>>();
same<Same<z.infer<typeof carrierSummarySchema>, CarrierSummary>>();
same<Same<z.infer<typeof errorBodySchema>["error"], ErrorBody["error"]>>();
same<Same<z.infer<typeof notificationListSchema>, NotificationList>>();
same<Same<z.infer<typeof companySchema>, Company>>();
same<Same<z.infer<typeof companyDocumentSchema>, CompanyDocument>>();
same<Same<z.infer<typeof reviewDocumentSchema>, ReviewDocument>>();
same<Same<z.infer<typeof registrationDocumentSchema>, RegistrationDocument>>();
same<Same<z.infer<typeof complianceSummarySchema>, ComplianceSummary>>();
same<Same<z.infer<typeof complianceMeSchema>, ComplianceMe>>();
same<Same<z.infer<typeof compliancePreviewSchema>, CompliancePreview>>();
same<Same<z.infer<typeof invoiceSchema>, Invoice>>();
same<Same<z.infer<typeof bulkMarkPaidResultSchema>, BulkMarkPaidResult>>();
same<Same<z.infer<typeof outboxMailSchema>, OutboxMail>>();
same<Same<z.infer<typeof mailBatchProgressSchema>, MailBatchProgress>>();
same<Same<z.infer<typeof bulkEmailResultSchema>, BulkEmailResult>>();
same<Same<z.infer<typeof savedSearchSchema>, SavedSearch>>();
same<Same<z.infer<typeof emailPreferencesSchema>, EmailPreferences>>();
