// Who hears of a claim, after it has committed (in the bell, by email unless the
// type is turned off, and on the live stream): every staff user of a claim sent
// (waiting_claim_submitted), the claiming company's members of staff's decision
// (waiting_claim_decided), its body naming the amount approved or the reason.
import type { AppContext } from "../../context";
import { formatMinutes, MY_CLAIMS_PATH, STOP_LABELS, type WaitingClaim } from "../../../contract/schemas/claim";
import { formatPounds } from "../invoices/invoice-money";
import { companyMemberIds } from "../invoices/invoices.repository";
import { listStaffIds } from "../notifications/notifications.repository";
import { notify } from "../notifications/notify";
import { companyName } from "./claims.repository";

type Claim = Pick<WaitingClaim, "loadNumber" | "stop" | "chargeableMinutes" | "amount" | "status" | "decidedAmount" | "reason">;

/** What staff read of a claim sent: who, which load and stop, how long beyond the free time, how much. */
export function submittedText(c: Claim, company: string): { title: string; body: string } {
  return {
    title: `Waiting-time claim on load ${c.loadNumber}`,
    body: `${company} claims ${formatPounds(c.amount)} for ${formatMinutes(c.chargeableMinutes)} of waiting at ${STOP_LABELS[c.stop]} beyond the free time on load ${c.loadNumber}. Approve or reject it under Claims.`,
  };
}

/** What the company's members read of staff's decision: the amount approved (and why, if lower) or the reason for rejecting. */
export function decidedText(c: Claim): { title: string; body: string } {
  const at = `your waiting-time claim at ${STOP_LABELS[c.stop]} on load ${c.loadNumber}`;
  if (c.status === "rejected") {
    return { title: `Waiting-time claim on load ${c.loadNumber} rejected`, body: `Staff rejected ${at}. Reason: ${c.reason ?? ""}` };
  }
  const approved = c.decidedAmount ?? c.amount;
  const lower = approved < c.amount ? ` of the ${formatPounds(c.amount)} claimed. Reason: ${c.reason ?? ""}` : ".";
  return {
    title: `Waiting-time claim on load ${c.loadNumber} approved`,
    body: `Staff approved ${at}: ${formatPounds(approved)}${lower} It is paid as its own line of the load's self-billing invoice.`,
  };
}

export function registerClaimNotices(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "claim-notices",
    types: ["claim.submitted", "claim.decided"],
    async handle(events, { tx }) {
      for (const event of events) {
        const claim = event.data.claim;
        if (event.type === "claim.submitted") {
          await notify({
            ctx,
            tx,
            type: "waiting_claim_submitted",
            recipients: await listStaffIds(tx),
            actorId: event.actor?.id ?? null,
            loadId: claim.loadId,
            ...submittedText(claim, (await companyName(tx, claim.companyId)) ?? "A carrier"),
            mail: { link: { label: "Open Claims", path: "/admin" } },
          });
        } else {
          await notify({
            ctx,
            tx,
            type: "waiting_claim_decided",
            // the members as they are now (someone who joined since hears of it too)
            recipients: await companyMemberIds(tx, claim.companyId),
            actorId: event.actor?.id ?? null,
            loadId: claim.loadId,
            ...decidedText(claim),
            mail: { link: { label: "Open Claims", path: MY_CLAIMS_PATH } },
          });
        }
      }
    },
  });
}
