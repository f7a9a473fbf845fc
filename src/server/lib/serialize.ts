// Rows → response objects. The user mapper is an allow-list: a password hash or a
// reset token can never reach a response (contract: conventions).
import type { ComplianceStatus } from "../../contract/schemas/company";
import type { User } from "../../contract/schemas/user";

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Money and decimals: JSON numbers with at most 2 decimals, rounded once at the edge. */
export const money = (n: number | string | null | undefined): number | null =>
  n === null || n === undefined ? null : Math.round(Number(n) * 100) / 100;

/**
 * The columns of a users row that toUser reads. Written out here, not imported
 * from db/schema, because lib sits below the database layer; a users row
 * (UserRow) has every one of them, so any row can be passed as it is.
 */
export interface UserFields {
  id: string;
  email: string;
  name: string;
  carrierName: string | null;
  contactNumber: string | null;
  role: string;
  isAdmin: boolean;
  isApproved: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  companyId: string | null;
}

/**
 * `compliance`: the status of the user's company (companies.service complianceFor),
 * passed in so that a list costs one query for all its users, not one a row.
 */
export function toUser(row: UserFields, compliance: ComplianceStatus | null): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    carrierName: row.carrierName,
    contactNumber: row.contactNumber,
    role: row.role as User["role"],
    isAdmin: row.isAdmin,
    isApproved: row.isApproved,
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    companyId: row.companyId,
    compliance: row.companyId ? compliance : null,
  };
}
