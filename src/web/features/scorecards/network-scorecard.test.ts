// The network page's waiting at sites as it is drawn (React's server renderer, no browser):
// the plain empty state below 3 visits, and the table worst first with the units written.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { NetworkScorecard } from "@contract/schemas/scorecard";
import { SitesWaiting } from "./network-scorecard-page";

const network = (waitingAtSites: NetworkScorecard["waitingAtSites"]): NetworkScorecard => ({
  from: "2026-08-31",
  to: "2026-11-28",
  daysToPay: { median: null, p90: null },
  overdueInvoices: 0,
  claims: { submitted: 0, approvedRate: null, medianDecisionHours: null },
  waitingAtSites,
});
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();

describe("waiting at sites on the network scorecard", () => {
  it("says plainly that there are not enough recorded visits yet, and what it takes", () => {
    const html = text(renderToStaticMarkup(createElement(SitesWaiting, { data: network([]) })));
    expect(html).toContain("Waiting at sites: not enough recorded visits yet");
    expect(html).toContain("An area is shown once drivers have recorded at least 3 visits to its pickups or deliveries (arrived and left), 31 Aug 2026 to 28 Nov 2026.");
  });

  it("lists the areas worst first in a table, the longest named in the sentence", () => {
    const html = text(
      renderToStaticMarkup(
        createElement(SitesWaiting, {
          data: network([
            { postcodeArea: "BS", stop: "delivery", visits: 4, medianMinutes: 42 },
            { postcodeArea: "LS", stop: "pickup", visits: 12, medianMinutes: 70 },
          ]),
        }),
      ),
    );
    expect(html).toContain("Longest: LS pickups, 1 h 10 min.");
    expect(html).toMatch(/LS Pickup 12 1 h 10 min BS Delivery 4 42 min/);
  });
});
