// Account schemas: the account rules and messages, used by the forms and the server alike.
// plain English for every check a field does not word itself (plain-errors.ts)
import { whenMissing, z } from "../plain-errors";
import { ROLES } from "../constants";
import { MSG } from "../messages";
import { pageQuerySchema } from "./page";
import type { ComplianceStatus } from "./company";

const MAX_TEXT = 200;

export const emailSchema = z
  .string({ error: whenMissing(MSG.email) })
  .trim()
  .max(254, MSG.email)
  // the HTML5 rule, as the browser's type=email field checks it: a domain without a
  // dot is an address too, and the contract's first admin is admin@localhost
  .pipe(z.email({ pattern: z.regexes.html5Email, error: MSG.email }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: whenMissing(MSG.passwordLength) })
  .min(8, MSG.passwordLength)
  .max(MAX_TEXT, "Password must be at most 200 characters long")
  .regex(/[a-z]/, MSG.passwordLower)
  .regex(/[A-Z]/, MSG.passwordUpper)
  .regex(/[0-9]/, MSG.passwordNumber)
  .regex(/[@$!%*?&]/, MSG.passwordSpecial);

export const contactNumberSchema = z
  .string({ error: whenMissing(MSG.contactRequired) })
  .trim()
  .min(1, MSG.contactRequired)
  .max(40, MSG.contactInvalid)
  .regex(/^\+?[\d\s\-()]{10,}$/, MSG.contactInvalid);

const nameSchema = z.string({ error: whenMissing(MSG.nameRequired) }).trim().min(1, MSG.nameRequired).max(MAX_TEXT);
const carrierNameSchema = z
  .string({ error: whenMissing(MSG.carrierNameRequired) })
  .trim()
  .min(1, MSG.carrierNameRequired)
  .max(MAX_TEXT);

export const roleSchema = z.enum(ROLES);

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  carrierName: carrierNameSchema,
  contactNumber: contactNumberSchema,
  role: roleSchema.optional(),
  isAdmin: z.boolean().optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: whenMissing(MSG.passwordRequired) }).min(1, MSG.passwordRequired).max(MAX_TEXT),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string({ error: whenMissing(MSG.resetTokenRequired) }).min(1, MSG.resetTokenRequired).max(MAX_TEXT),
  newPassword: passwordSchema,
});

/** The reset form adds a confirmation field. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, MSG.confirmPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ["confirmPassword"] });

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: whenMissing(MSG.currentPasswordRequired) }).min(1, MSG.currentPasswordRequired).max(MAX_TEXT),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.currentPasswordRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, MSG.confirmNewPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ["confirmPassword"] });

/**
 * A user editing their own profile. Their company (carrierName) is
 * their membership, which only staff change (contract PUT /api/users/{id}):
 * others send it unchanged or not at all.
 */
export const profileSchema = z.object({
  name: nameSchema,
  carrierName: carrierNameSchema.optional(),
  contactNumber: contactNumberSchema,
});

/** contract PUT /api/users/{id}: a non-staff user's own carrierName, changed → 403 */
export const ONLY_STAFF_CHANGE_COMPANY = "Only staff can change your company.";

/** Staff editing a user (the admin user form): blank password keeps the current one. */
export const userUpdateSchema = z.object({
  name: nameSchema.optional(),
  carrierName: carrierNameSchema.optional(),
  contactNumber: contactNumberSchema.optional(),
  email: emailSchema.optional(),
  password: z.union([z.literal(""), passwordSchema]).optional(),
  role: roleSchema.optional(),
  isAdmin: z.boolean().optional(),
  isApproved: z.boolean().optional(),
});

/** The user object of every response: never a password, hash or reset token (contract). */
export interface User {
  id: string;
  email: string;
  name: string;
  carrierName: string | null;
  contactNumber: string | null;
  role: (typeof ROLES)[number];
  isAdmin: boolean;
  isApproved: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** the carrier company; null for staff, pending applicants and carriers without a company name */
  companyId: string | null;
  /** that company's compliance status; null without a company */
  compliance: ComplianceStatus | null;
}

export interface UserWithStats extends User {
  loadsAccepted: number;
  totalEarnings: number;
}

/**
 * An applicant whose carrierName matches an existing company (case-insensitive,
 * trimmed) joins it, and its bookings, when approved.
 * `members`: approved accounts of that company; `bookings`: its accepted,
 * approved and completed loads.
 */
export interface CompanyMatch {
  carrierName: string;
  members: number;
  bookings: number;
}

/**
 * Another account or registration with the same name, company and phone as a
 * pending one (case, spaces and phone punctuation aside): the same person
 * registering again. The earliest such account.
 */
export interface RepeatOf {
  id: string;
  email: string;
  isApproved: boolean;
  createdAt: string;
}

/** GET /api/users/pending: a registration and the company approving it would join. */
export interface PendingUser extends User {
  joinsCompany: CompanyMatch | null;
  /** insurance documents the applicant added when registering (they move to the company on approval) */
  documentCount: number;
  /** the earlier account or registration this one repeats, or null */
  repeatOf: RepeatOf | null;
}

/** What makes two registrations the same person's: name, company and phone, case, spaces and phone punctuation aside. */
export function repeatKey(u: { name: string; carrierName: string | null; contactNumber: string | null }): string {
  const words = (v: string | null) => (v ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  return [words(u.name), words(u.carrierName), (u.contactNumber ?? "").replace(/\D/g, "")].join("\u0000");
}

/** "Possible repeat: same name, company and phone as jo@example.com (approved account)" (the Pending tab). */
export function repeatOfText(r: RepeatOf): string {
  return `Possible repeat: same name, company and phone as ${r.email} (${r.isApproved ? "approved account" : "also pending"})`;
}

/** "2 insurance documents attached" (the Pending tab), or null when none were. */
export function attachedDocumentsText(count: number): string | null {
  if (count <= 0) return null;
  return `${count.toLocaleString("en-GB")} insurance ${count === 1 ? "document" : "documents"} attached`;
}

/** "Joins Smith Haulage Ltd: 3 members" (contract), with the bookings when no member is left to name. */
export function joinsCompanyText(m: CompanyMatch): string {
  const members = `${m.members.toLocaleString("en-GB")} ${m.members === 1 ? "member" : "members"}`;
  const bookings = m.members === 0 && m.bookings > 0 ? `, ${m.bookings.toLocaleString("en-GB")} ${m.bookings === 1 ? "booking" : "bookings"}` : "";
  return `Joins ${m.carrierName}: ${members}${bookings}`;
}

/**
 * Sorts of a list: the key ascending, or "-key" descending. Every order ends
 * with a unique tie-breaker on the server, so pages never overlap or skip.
 */
function sortOf<const K extends string>(keys: readonly K[]) {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [`${K}` | `-${K}`, ...(`${K}` | `-${K}`)[]];
  return z.enum(values);
}

const listSearch = z.string().trim().max(200).optional();

export const USER_SORT_KEYS = ["name", "carrierName", "contactNumber", "email", "role", "loadsAccepted", "totalEarnings", "lastLoginAt", "createdAt"] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
/** GET /api/users: search by name, email or company; newest first unless sorted (contract). */
export const userListQuerySchema = pageQuerySchema.extend({
  search: listSearch,
  sort: sortOf(USER_SORT_KEYS).default("-createdAt"),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const PENDING_SORT_KEYS = ["name", "carrierName", "contactNumber", "email", "createdAt"] as const;
export type PendingSortKey = (typeof PENDING_SORT_KEYS)[number];
/** GET /api/users/pending: the same search; newest registration first unless sorted. */
export const pendingListQuerySchema = pageQuerySchema.extend({
  search: listSearch,
  sort: sortOf(PENDING_SORT_KEYS).default("-createdAt"),
});
export type PendingListQuery = z.output<typeof pendingListQuerySchema>;

export const CARRIER_SORT_KEYS = ["carrierName", "acceptedLoads", "totalEarnings", "lastActivity", "joinedAt"] as const;
export type CarrierSortKey = (typeof CARRIER_SORT_KEYS)[number];
/**
 * GET /api/users/carrier: search by company, contact name or email (every
 * member, not only the two shown). Without a sort: newest company first,
 * companies known only from loads after them, "Unknown Carrier" last.
 */
export const carrierListQuerySchema = pageQuerySchema.extend({
  search: listSearch,
  sort: sortOf(CARRIER_SORT_KEYS).optional(),
});
export type CarrierListQuery = z.output<typeof carrierListQuerySchema>;

export interface CarrierSummary {
  carrierName: string;
  /** the company record of that name; null for a name known only from bookings, and "Unknown Carrier" */
  companyId: string | null;
  /** its compliance status; null without a company record */
  compliance: ComplianceStatus | null;
  contacts: { name: string; email: string }[];
  moreContacts: number;
  acceptedLoads: number;
  totalEarnings: number;
  lastActivity: string | null;
  joinedAt: string | null;
}
