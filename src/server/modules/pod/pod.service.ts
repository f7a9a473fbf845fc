// Completing proof of delivery (the Complete POD dialog, POD status and
// auto-completion; PUT /api/loads/{id}/pod).
import type { AppContext } from "../../context";
import type { LoadRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isStaffRole } from "../../../contract/constants";
import type { Load } from "../../../contract/schemas/load";
import type { podInputSchema } from "../../../contract/schemas/pod";
import { podDateProblems } from "../../../contract/load-dates";
import type { z } from "zod";
import { canSeeLoad, isOwnLoad, toLoad } from "../loads/load-visibility";
import { recordLoadHistory, transitionLoad } from "../loads/load-transition";
import { loadEvent } from "../loads/loads.service";
import { resolvePaperwork } from "../objects/objects.service";
import * as repo from "./pod.repository";

export const POD_MSG = {
  wrongStatus: "Proof of delivery can only be completed for approved or completed loads",
} as const;

/**
 * Who may complete POD on which load (contract): the caller is the load's carrier or
 * staff (a carrier who may not know the load exists gets 404, one who may see it but
 * not act on it 403), and the load is approved or completed (else 409).
 */
function checkPodTarget(current: LoadRow | undefined, actor: UserRow): LoadRow {
  if (!current) throw new AppError(404, "Not found");
  if (!isStaffRole(actor) && !isOwnLoad(current, actor)) {
    throw new AppError(canSeeLoad(current, actor) ? 403 : 404, canSeeLoad(current, actor) ? "You are not allowed to do that" : "Not found");
  }
  // Complete POD is for approved or completed loads only
  if (current.status !== "approved" && current.status !== "completed") throw new AppError(409, POD_MSG.wrongStatus);
  return current;
}

/**
 * State before shape (contract 409): the route calls this before it validates the
 * body, so POD on a load in the wrong state is 409 however malformed the body is.
 * completePod() checks again on the locked row.
 */
export async function assertPodAllowed(opts: { ctx: AppContext; loadId: string; actor: UserRow }): Promise<void> {
  checkPodTarget(await repo.readLoad(opts.ctx.db, opts.loadId), opts.actor);
}

export async function completePod(opts: {
  ctx: AppContext;
  loadId: string;
  actor: UserRow;
  input: z.output<typeof podInputSchema>;
}): Promise<Load> {
  const { ctx, loadId, actor, input } = opts;
  const now = ctx.clock.now();
  // POD signature dates: not in the future, delivery not before pickup
  const problems = podDateProblems({ pickupSignedDate: input.pickupSignedDate, deliverySignedDate: input.deliverySignedDate, now });
  if (problems.length) throw new AppError(400, problems[0].message, problems);
  const row = await ctx.db.transaction(async (tx) => {
    const current = checkPodTarget(await repo.lockLoad(tx, loadId), actor);

    // the paperwork: absent or empty keeps what is there; otherwise one of the caller's uploads
    const paperwork = input.signedPaperworkUrl?.trim()
      ? await resolvePaperwork({ db: tx, ref: input.signedPaperworkUrl, user: actor, currentPath: current.signedPaperworkUrl })
      : current.signedPaperworkUrl;

    const pod = {
      pickupSignedBy: input.pickupSignedBy,
      pickupSignedDate: new Date(input.pickupSignedDate),
      deliverySignedBy: input.deliverySignedBy,
      deliverySignedDate: new Date(input.deliverySignedDate),
      signedPaperworkUrl: paperwork,
    };
    const detail = { paperwork: Boolean(paperwork) };
    const submitted = (load: LoadRow, completed: boolean) =>
      loadEvent({ type: "pod.submitted", load, actor, now, data: { completed, paperwork: detail.paperwork } });

    // both signatories set on an approved load completes it, in this transaction;
    // load.completed and pod.submitted are published together (the invoice follows the first)
    if (current.status === "approved" && pod.pickupSignedBy && pod.deliverySignedBy) {
      const { load } = await transitionLoad({
        ctx,
        tx,
        loadId,
        action: "complete",
        actor,
        set: { ...pod, completedAt: now },
        reason: "POD completed",
        detail,
        now,
        completedVia: "pod",
        also: (load) => [submitted(load, true)],
      });
      return load;
    }
    const updated = await repo.updatePodFields(tx, loadId, { ...pod, updatedAt: now });
    await recordLoadHistory(tx, [{ loadId, actor, action: "pod-updated", fromStatus: current.status, toStatus: current.status, detail, now }]);
    await ctx.events.publish(tx, [submitted(updated, false)]);
    return updated;
  });
  return toLoad(row, actor, now);
}
