// Account schemas: spec §5 rules and messages, used by the forms and the server alike.
import { z } from "zod";
import { ROLES } from "../constants";
import { MSG } from "../messages";

const MAX_TEXT = 200;

export const emailSchema = z
  .string({ error: MSG.email })
  .trim()
  .max(254, MSG.email)
  .pipe(z.email(MSG.email))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: MSG.passwordLength })
  .min(8, MSG.passwordLength)
  .max(MAX_TEXT, "Password must be at most 200 characters long")
  .regex(/[a-z]/, MSG.passwordLower)
  .regex(/[A-Z]/, MSG.passwordUpper)
  .regex(/[0-9]/, MSG.passwordNumber)
  .regex(/[@$!%*?&]/, MSG.passwordSpecial);

export const contactNumberSchema = z
  .string({ error: MSG.contactRequired })
  .trim()
  .min(1, MSG.contactRequired)
  .max(40, MSG.contactInvalid)
  .regex(/^\+?[\d\s\-()]{10,}$/, MSG.contactInvalid);

const nameSchema = z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(MAX_TEXT);
const carrierNameSchema = z
  .string({ error: MSG.carrierNameRequired })
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
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(MAX_TEXT),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string({ error: MSG.resetTokenRequired }).min(1, MSG.resetTokenRequired).max(MAX_TEXT),
  newPassword: passwordSchema,
});

/** The reset form adds a confirmation field (spec §5). */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, MSG.confirmPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ["confirmPassword"] });

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(MAX_TEXT),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.currentPasswordRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, MSG.confirmNewPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ["confirmPassword"] });

/** A user editing their own profile (spec §1). */
export const profileSchema = z.object({
  name: nameSchema,
  carrierName: carrierNameSchema,
  contactNumber: contactNumberSchema,
});

/** Staff editing a user (spec §5 admin user form): blank password keeps the current one. */
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
}

export interface UserWithStats extends User {
  loadsAccepted: number;
  totalEarnings: number;
}

export interface CarrierSummary {
  carrierName: string;
  contacts: { name: string; email: string }[];
  moreContacts: number;
  acceptedLoads: number;
  totalEarnings: number;
  lastActivity: string | null;
  joinedAt: string | null;
}
