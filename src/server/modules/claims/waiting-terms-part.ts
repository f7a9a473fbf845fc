// `waitingTime` on GET /api/loads/{id}: the network's waiting-time terms (free
// minutes, rate per hour, maximum hours, claim days) for whoever is shown the
// load's `stops` (the holding company and staff), so the carrier's claim form can
// show the free time and the amount before the claim is sent. The terms
// themselves stay staff-only to change (GET|PUT /api/admin/waiting-time-settings);
// docs/decisions/0031-waiting-terms-on-load.md says why they are shown here.
import type { AppContext } from "../../context";
import { stopsForViewer } from "./stops.service";
import { getWaitingSettings } from "./waiting-settings.service";

export function registerWaitingTermsPart(ctx: AppContext): void {
  ctx.loadDetailParts.register({
    field: "waitingTime",
    async read({ db, viewer, load, now }) {
      // the same viewers and the same booked window as the stops themselves
      if ((await stopsForViewer({ db, loadId: load.id, viewer, now })) === undefined) return undefined;
      return getWaitingSettings({ db });
    },
  });
}
