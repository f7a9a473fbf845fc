// Who hears of a recorded stop (stop_recorded: in the bell, by email unless turned
// off, on the live stream; never the user who recorded it): staff when a carrier
// records a time, the holding company's members when staff record or correct one.
// A reaction after commit to stop.recorded; the words name the load by its number,
// which every recipient may see (they hold it, or they are staff).
import type { AppContext } from "../../context";
import type { EventOf } from "../../events/event-bus";
import { STOP_EVIDENCE_LABELS, type StopEvidence } from "../../../contract/schemas/claim";
import { memberIds } from "../companies/documents.service";
import { listStaffIds } from "../notifications/notifications.repository";
import { notify } from "../notifications/notify";
import { ukTime } from "./stop-rules";

type Recorded = EventOf<"stop.recorded">;

const at = (s: string | null) => ukTime(s ? new Date(s) : null);

/** What the notice says: who, which stop of which load, the time(s) and how they are backed. */
export function stopNoticeText(event: Recorded): { title: string; body: string } {
  const d = event.data;
  const load = event.loadNumber ?? "a load";
  const who = event.actor?.name ?? "Someone";
  if (d.kind === "correction") {
    return {
      title: `${load}: ${d.stop} times corrected`,
      body: `${who} corrected the ${d.stop} times of ${load}: arrived ${at(d.arrivedAt)}, departed ${at(d.departedAt)}. The load's history has the old times and the reason.`,
    };
  }
  const time = d.kind === "arrival" ? d.arrivedAt : d.departedAt;
  const what = d.kind === "arrival" ? `arrival at ${d.stop}` : `departure from ${d.stop}`;
  const backed: Record<StopEvidence, string> = {
    position: "backed by the phone's position",
    declared: "declared, without a position near the stop",
    staff: "entered by staff",
  };
  return {
    title: `${load}: ${d.kind === "arrival" ? "arrived at" : "left"} ${d.stop}`,
    body: `${who} recorded the ${what} of ${load} at ${at(time)} (${STOP_EVIDENCE_LABELS[d.evidence]}: ${backed[d.evidence]}).`,
  };
}

export function registerStopNotices(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "stop-notices",
    types: ["stop.recorded"],
    async handle(events, { tx }) {
      for (const event of events) {
        // staff entries (and corrections) carry the evidence "staff"; a carrier's never do
        const byStaff = event.data.evidence === "staff";
        await notify({
          ctx,
          tx,
          type: "stop_recorded",
          recipients: byStaff ? await memberIds(tx, event.data.companyId) : await listStaffIds(tx),
          actorId: event.actor?.id ?? null,
          loadId: event.loadId,
          ...stopNoticeText(event),
        });
      }
    },
  });
}
