// The scorecards feature's public face: a company's scorecard (the Company page and the
// staff company dialog), the typical waiting at a load's stop areas (the load details)
// and the network's scorecard page (the router). Everything is lazy: each piece loads
// the first time it is shown (render it inside <Later>), and uPlot only with a chart.
import { lazyNamed } from "../../lib/lazy";

/** The path of the network's scorecard page (the board links to it). */
export const NETWORK_SCORECARD_PATH = "/scorecard";

/** A company's scorecard: figures, the loads behind each, charts with tables. */
export const CompanyScorecard = /* @__PURE__ */ lazyNamed(() => import("./company-scorecard"), "CompanyScorecard");
/** "Typical wait at LS pickups: 1 h 10 min (12 visits)" on a load's details. */
export const SiteWaitingNote = /* @__PURE__ */ lazyNamed(() => import("./site-waiting-note"), "SiteWaitingNote");
/** Staff: carrier companies by on-time delivery and hours to POD (the Carriers tab's second view). */
export const CarrierScores = /* @__PURE__ */ lazyNamed(() => import("./staff/carrier-scores"), "CarrierScores");
