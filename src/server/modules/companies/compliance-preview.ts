// What the compliance settings block, said before anyone clicks: the settings
// preview staff see before saving a switch (GET /api/admin/compliance-settings/preview)
// and, for Manage Bids, whether each bid could be awarded today and why not. Both
// use bookingRefusal, the rule assertMayBook enforces inside the booking transaction.
import type { DbOrTx } from "../../db/client";
import { isStaffRole, type ForsLevel } from "../../../contract/constants";
import { FORS_RANK, type ComplianceSettings, type ComplianceStatus } from "../../../contract/schemas/company";
import { ukStartOfDay } from "../../../contract/wall-clock";
import { money } from "../../lib/serialize";
import {
  COMPLIANCE_PREVIEW_LIMIT,
  INSURANCE_BLOCK_REASON,
  forsBlockReason,
  type BlockedBid,
  type BlockedCompany,
  type CompliancePreview,
} from "../../../contract/schemas/compliance-preview";
import { asForsLevel, bookingRefusal } from "./booking-rule";
import { complianceOfCompanies, ukToday, type CompanyCompliance } from "./compliance.service";
import { readSettings } from "./documents.repository";
import { allCompanies, companiesByIds, forsRequirementsOnBoard, pendingBidsOnBoard } from "./compliance-preview.repository";

/**
 * GET /api/admin/compliance-settings/preview (staff): for the settings asked
 * about (not the saved ones), the companies whose carriers could no longer accept
 * or bid and the pending bids on the board that could no longer be awarded.
 */
export async function previewComplianceSettings(opts: { db: DbOrTx; settings: ComplianceSettings; now: Date }): Promise<CompliancePreview> {
  const { db, settings, now } = opts;
  const empty: CompliancePreview = { ...settings, companyCount: 0, companies: [], openBidCount: 0, openBids: [] };
  if (!settings.requireCompliance && !settings.enforceFors) return empty;
  const today = ukToday(now);
  const startOfToday = new Date(ukStartOfDay(now));
  const [list, forsLoads, pending] = await Promise.all([allCompanies(db), forsRequirementsOnBoard(db, startOfToday), pendingBidsOnBoard(db, startOfToday)]);
  const statuses = await complianceOfCompanies({ db, companies: list, today });

  const blocked: BlockedCompany[] = [];
  for (const c of list) {
    const status = statuses.get(c.id)!;
    const reason = companyBlockReason(settings, status, forsLoads);
    if (reason) blocked.push({ id: c.id, name: c.name, compliance: status.compliance, verifiedForsLevel: status.verifiedForsLevel, reason });
  }

  const bids: BlockedBid[] = [];
  for (const b of pending) {
    if (isStaffRole(b)) continue;
    const status = b.companyId ? (statuses.get(b.companyId) ?? null) : null;
    const reason = bookingRefusal(settings, status, b.forsRequirement, { awarding: true });
    if (reason) {
      bids.push({
        bidId: b.bidId,
        loadId: b.loadId,
        loadNumber: b.loadNumber,
        bidAmount: money(b.bidAmount) ?? 0,
        carrierName: b.carrierName,
        carrierCompany: b.carrierCompany,
        reason,
      });
    }
  }
  return {
    ...settings,
    companyCount: blocked.length,
    companies: blocked.slice(0, COMPLIANCE_PREVIEW_LIMIT),
    openBidCount: bids.length,
    openBids: bids.slice(0, COMPLIANCE_PREVIEW_LIMIT),
  };
}

/**
 * Why a company's carriers could not book under `settings`: insurance blocks every
 * load; FORS blocks the loads on the board that need more than the company holds
 * (a company kept off none of today's loads is not listed: nothing is blocked yet).
 */
function companyBlockReason(settings: ComplianceSettings, status: CompanyCompliance, forsLoads: string[]): string | null {
  if (settings.requireCompliance && status.compliance === "non_compliant") return INSURANCE_BLOCK_REASON;
  if (!settings.enforceFors) return null;
  const held = FORS_RANK[status.verifiedForsLevel];
  const keptOff = forsLoads.filter((f) => FORS_RANK[asForsLevel(f)] > held).length;
  return keptOff > 0 ? forsBlockReason(status.verifiedForsLevel, keptOff) : null;
}

export interface AwardCheck {
  bidderCompliance: ComplianceStatus | null;
  bidderForsLevel: ForsLevel;
  awardBlockedReason: string | null;
}

/**
 * For staff's bid lists: each bidder's company status today and what the saved
 * settings would say of awarding the bid (in one read of the settings and one of
 * the documents, however many bids). Staff bidders are never checked, as assertMayBook.
 */
export async function awardChecks(opts: {
  db: DbOrTx;
  bids: { bidId: string; role: string; isAdmin: boolean; companyId: string | null; forsRequirement: string }[];
  now: Date;
}): Promise<Map<string, AwardCheck>> {
  const ids = [...new Set(opts.bids.map((b) => b.companyId).filter((id): id is string => !!id))];
  const [settings, rows] = await Promise.all([readSettings(opts.db), companiesByIds(opts.db, ids)]);
  const statuses = await complianceOfCompanies({ db: opts.db, companies: rows, today: ukToday(opts.now) });
  const out = new Map<string, AwardCheck>();
  for (const b of opts.bids) {
    if (isStaffRole(b)) {
      out.set(b.bidId, { bidderCompliance: null, bidderForsLevel: "", awardBlockedReason: null });
      continue;
    }
    const status = b.companyId ? (statuses.get(b.companyId) ?? null) : null;
    out.set(b.bidId, {
      bidderCompliance: status?.compliance ?? null,
      bidderForsLevel: status?.verifiedForsLevel ?? "",
      awardBlockedReason: bookingRefusal(settings, status, b.forsRequirement, { awarding: true }),
    });
  }
  return out;
}
