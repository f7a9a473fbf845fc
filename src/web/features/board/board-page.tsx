// The carrier load board: heading, five statistics tiles in one compact row, the
// filter bar folded into chips (so the first screen shows loads), the list of load cards polled every 10 s and the carrier's bids.
// Filters and the sort are applied by the server through the query string
// (contract), and kept in the page's URL: each change is a history
// entry, so Back goes to the previous filters and a link shares them.
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { AlertTriangle, Loader2 } from "lucide-react";
import { BOARD_PAGE_SIZE, POLL } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs-lite";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/format";
import { BidDialog, MyBidsPanel, pendingBidFor, useOwnBids } from "../bids";
import { LoadDetailsDialog, useAcceptLoadFlow, useLoads, useStats } from "../loads";
import { Later } from "../../lib/lazy";
import { useAuth } from "../../lib/use-auth";
import { BoardComplianceNotice, boardNotice, bookingBlock, useComplianceMe } from "../booking-compliance";
// the dialogs (BidDialog, LoadDetailsDialog, CompletePodDialog, SaveBoardSearchDialog) and the
// outbox panel come lazily from their features' public faces: their code loads on first use
import { CompletePodDialog, PodOutboxPanel, podsMayBeQueued, useWaitingLoads } from "../pod";
import { SaveBoardSearchDialog } from "../saved-searches";
import { counteredBidFor } from "../messages";
import { ReturnLoadsSection } from "../trucks";
import { LoadCard } from "./components/load-card";
import { FilterBar } from "./components/filter-bar";
import { firstScreenDrawn } from "./first-screen-takeover";
import { EMPTY_FILTERS, filtersFromSearch, searchFromFilters, type BoardFilters } from "./board-url";
import { StatsStrip } from "./components/stats-strip";
import { BOARD_MAIN, BoardHeading } from "./board-shell";
import { AcceptNeedsSignal, OfflineBanner } from "./components/offline-banner";
import { useOnline } from "./use-online";
import { nearErrorsOf } from "./near-postcode";
import { useCardsInSteps } from "./use-cards-in-steps";

const NO_LOADS: Load[] = [];
/** cards in the first paint of a board (and in the server's HTML): more than a phone (one) or a desk screen (two) shows */
const FIRST_CARDS = 4;
/** cards added at each idle moment after those: a short task each */
const CARD_STEP = 5;
/**
 * A card renders again only when what it shows changes (Lighthouse TBT): the
 * board hears several queries as it loads (stats, bids, compliance, notifications) and
 * each used to render all fifty cards again. Its handlers are the board's stable ones.
 */
const BoardCard = memo(
  LoadCard,
  (a, b) =>
    a.load === b.load && a.pendingBid === b.pendingBid && a.counteredBid === b.counteredBid && a.podWaiting === b.podWaiting && JSON.stringify(a.block ?? null) === JSON.stringify(b.block ?? null),
);

export default function BoardPage() {
  const stats = useStats();
  const [tab, setTab] = useState("loads");
  // a board the server drew: the app has taken it over (first-screen-takeover.ts)
  useEffect(firstScreenDrawn, []);

  return (
    <main id="main-content" className={BOARD_MAIN}>
      {/* first on the page: a driver with no signal reads it before anything else */}
      <OfflineBanner />
      <BoardHeading />

      <StatsStrip stats={stats.data} />

      <Tabs value={tab} onValueChange={setTab}>
        {/* the network's own record on the tabs' line, so the first load card keeps its place (features/scorecards) */}
        <div className="flex items-center gap-3">
          <TabsList aria-label="Load board sections" className="min-w-0 flex-1 sm:inline-flex sm:flex-none">
            <TabsTrigger value="loads" className="flex-1 px-5 sm:flex-none">
              Load Board
            </TabsTrigger>
            <TabsTrigger value="bids" className="flex-1 px-5 sm:flex-none">
              My Bids
            </TabsTrigger>
          </TabsList>
          <NetworkScorecardLink />
        </div>
        {/* kept mounted so the filters stay put while the carrier looks at their bids (ui.md) */}
        <TabsContent value="loads" forceMount className="data-[state=inactive]:hidden">
          <LoadBoard />
        </TabsContent>
        <TabsContent value="bids">
          <MyBidsPanel />
        </TabsContent>
      </Tabs>
    </main>
  );
}

/** features/scorecards' page (its NETWORK_SCORECARD_PATH), written here: importing that feature's face would add a chunk to the board's first load */
const NETWORK_SCORECARD_PATH = "/scorecard";

/** "Scorecard" on a phone, "Network scorecard" on a desk; its name is the whole phrase either way. */
function NetworkScorecardLink() {
  return (
    <Link
      href={NETWORK_SCORECARD_PATH}
      aria-label="Network scorecard"
      className="ml-auto inline-flex min-h-11 shrink-0 items-center text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      <span className="sm:hidden">Scorecard</span>
      <span className="hidden sm:inline">Network scorecard</span>
    </Link>
  );
}

function LoadBoard() {
  const [path, navigate] = useLocation();
  const query = useSearch();
  const filters = useMemo(() => filtersFromSearch(query), [query]);
  const urlQuery = searchFromFilters(filters);
  // a page of loads at a time: a board of 100,000 loads must not ship them all;
  // new filters start again at the first page
  const [paging, setPaging] = useState({ query: urlQuery, limit: BOARD_PAGE_SIZE });
  const limit = paging.query === urlQuery ? paging.limit : BOARD_PAGE_SIZE;
  const setFilters = (f: BoardFilters) => {
    const next = searchFromFilters(f);
    if (next !== urlQuery) navigate(`${path}${next}`);
  };
  // the order is always sent: the board's default (soonest pickup) is not the API's
  const loads = useLoads({ ...filters, limit }, { poll: POLL.boardLoads });
  const ownBids = useOwnBids();
  const online = useOnline();
  // the booking confirmation offers the loads home from where the booked one delivers (features/trucks)
  const acceptFlow = useAcceptLoadFlow({ afterBooking: (l, accept) => <Later><ReturnLoadsSection load={l} onAccept={accept} /></Later> });
  // Accept without a signal says so at once: a booking is never queued to be sent later
  const [acceptOffline, setAcceptOffline] = useState(false);
  // the note goes with the signal's return (set during render: React's pattern for state following a value)
  if (online && acceptOffline) setAcceptOffline(false);
  const requestAccept = (load: Load) => {
    if (!online || !navigator.onLine) setAcceptOffline(true);
    else acceptFlow.requestAccept(load);
  };
  const accept = { ...acceptFlow, requestAccept };
  // a near postcode the server does not know is an error on that field, not a failed list
  const nearErrors = nearErrorsOf(loads.error);
  const listError = loads.isError && !nearErrors;
  // compliance: one cached status for the whole board; each card's reason is worked out from it and the load
  const { isStaff } = useAuth();
  const compliance = useComplianceMe();
  const notice = boardNotice(compliance.data, { isStaff });

  const [details, setDetails] = useState<{ load: Load; open: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [bid, setBid] = useState<{ load: Load; open: boolean } | null>(null);
  const [pod, setPod] = useState<{ load: Load; open: boolean } | null>(null);
  const podWaiting = useWaitingLoads();

  const list = loads.data?.loads ?? NO_LOADS;
  // Fifty cards at once are a long task on a phone's CPU (Lighthouse TBT):
  // a newly arrived list is rendered in the background, in slices, so taps and
  // scrolling are answered meanwhile; the cards shown until then are the old ones.
  // (the first render starts from no cards: a list already there, drawn by the server with the
  // page, is shown as the server drew it, its first cards, and the rest follow in the background)
  const deferred = useDeferredValue(list, NO_LOADS);
  // The first list of a visit paints its first cards at once, with the heading (a
  // phone sees two; Lighthouse's LCP waited for all fifty), and the rest follow in that
  // background render; a later list still replaces the old cards only once it is ready.
  const ready = deferred === list || deferred.length > 0 ? deferred : list;
  // and of a long list only the first screen's cards at once, the others joining a few at a time
  const shown = ready.slice(0, useCardsInSteps(ready.length, FIRST_CARDS, CARD_STEP));
  const count = loads.data?.total ?? list.length;
  // Reset clears the filters; the order is a preference and stays
  const reset = () => setFilters({ ...EMPTY_FILTERS, sort: filters.sort });
  const refetching = loads.isFetching && !loads.isLoading;

  const openBid = (load: Load) => setBid({ load, open: true });
  const openPod = (load: Load) => setPod({ load, open: true });
  // the cards keep one set of handlers, which call this render's (BoardCard)
  const latest = useRef({ accept: accept.requestAccept, bid: openBid, pod: openPod });
  latest.current = { accept: accept.requestAccept, bid: openBid, pod: openPod };
  const cardHandlers = useMemo(
    () => ({
      onAccept: (l: Load) => latest.current.accept(l),
      onBid: (l: Load) => latest.current.bid(l),
      onCompletePod: (l: Load) => latest.current.pod(l),
      onViewDetails: (l: Load) => setDetails({ load: l, open: true }),
    }),
    [],
  );

  return (
    <div className="space-y-2 sm:space-y-4">
      {/* first, so a carrier on a phone reads why before scrolling past the filters */}
      {notice && <BoardComplianceNotice notice={notice} />}
      {/* only when this phone may hold one, or a POD form was opened here (no first-load JS otherwise) */}
      <Later>{(pod || podsMayBeQueued()) && <PodOutboxPanel />}</Later>
      <FilterBar filters={filters} onChange={setFilters} onReset={reset} onSave={() => setSaving(true)} nearErrors={nearErrors} />
      <Later>{saving && <SaveBoardSearchDialog open onOpenChange={setSaving} urlQuery={urlQuery} />}</Later>

      {/* count and the refetch indicator share one line of fixed height: no layout jump (ui.md);
          the sort is a chip in the filter bar */}
      <div className="flex min-h-6 items-center justify-between gap-3 text-sm">
        <p className="font-medium text-slate-800" aria-live="polite">
          {loads.data ? `${count} ${count === 1 ? "load" : "loads"} found` : ""}
        </p>
        <span className={refetching ? "flex items-center gap-1.5 text-slate-600" : "invisible flex items-center gap-1.5"} aria-hidden={!refetching}>
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          Updating loads...
        </span>
      </div>

      {/* offline, the banner at the top says why the list is not refreshed: no second warning with a Retry */}
      {listError && online && loads.data && (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <span className="flex items-center gap-2">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            The loads could not be refreshed, so this list may be out of date. {errorMessage(loads.error, "")}
          </span>
          <Button variant="outline" onClick={() => loads.refetch()}>
            Retry
          </Button>
        </div>
      )}

      {loads.isLoading ? (
        <div>
          <Spinner label="Loading available loads..." className="py-4" />
          <div className="space-y-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-44 animate-pulse rounded-xl border border-slate-200 bg-white" />
            ))}
          </div>
        </div>
      ) : nearErrors && !loads.data ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">Check the postcode in the filters above to see loads.</p>
      ) : listError && !loads.data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <AlertTriangle className="mx-auto h-6 w-6 text-red-700" aria-hidden="true" />
          <p className="mt-2 font-medium text-red-900">The loads could not be loaded.</p>
          <p className="mt-1 text-sm text-red-800">{errorMessage(loads.error, "Please check your connection and try again.")}</p>
          <Button className="mt-4" onClick={() => loads.refetch()} loading={loads.isFetching}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-900">No loads match your search criteria.</p>
          <p className="mt-1 text-sm text-slate-600">Try a different search, or reset the filters to see every load.</p>
          <Button variant="outline" className="mt-4" onClick={reset}>
            Reset filters
          </Button>
        </div>
      ) : (
        <section aria-labelledby="board-loads-heading">
        {/* the cards' h3 titles sit under this (heading order: h1 page, h2 list, h3 load) */}
        <h2 id="board-loads-heading" className="sr-only">
          Loads
        </h2>
        <ul className="space-y-3">
          {shown.map((load) => (
            // a card off screen is not laid out or painted until it scrolls near (a phone
            // shows two of fifty); until then it stands in at a card's height at that width
            <li
              key={load.id}
              className="[contain-intrinsic-size:auto_31rem] [content-visibility:auto] sm:[contain-intrinsic-size:auto_25rem] md:[contain-intrinsic-size:auto_16rem]"
            >
              <BoardCard
                load={load}
                pendingBid={pendingBidFor(ownBids.data, load.id)}
                counteredBid={counteredBidFor(ownBids.data, load.id)}
                {...cardHandlers}
                block={bookingBlock(compliance.data, load, { isStaff })}
                podWaiting={podWaiting.has(load.id)}
              />
            </li>
          ))}
        </ul>
        </section>
      )}
      {list.length > 0 && count > list.length && (
        <div className="flex justify-center">
          <Button variant="outline" size="lg" className="w-full sm:w-auto" loading={loads.isFetching} onClick={() => setPaging({ query: urlQuery, limit: limit + BOARD_PAGE_SIZE })}>
            Show more loads ({list.length} of {count})
          </Button>
        </div>
      )}

      <Later>
        {details && (
          <LoadDetailsDialog
            loadId={details.load.id}
            initialLoad={details.load}
            open={details.open}
            onOpenChange={(open) => setDetails((d) => (d ? { ...d, open } : d))}
            onAccept={accept.requestAccept}
            onCompletePod={openPod}
            block={bookingBlock(compliance.data, details.load, { isStaff })}
          />
        )}
        {bid && (
          <BidDialog
            load={bid.load}
            pendingBid={pendingBidFor(ownBids.data, bid.load.id)}
            open={bid.open}
            onOpenChange={(open) => setBid((b) => (b ? { ...b, open } : b))}
          />
        )}
        {pod && <CompletePodDialog load={pod.load} open={pod.open} onOpenChange={(open) => setPod((p) => (p ? { ...p, open } : p))} />}
      </Later>
      {accept.dialogs}
      {/* until closed or the signal is back */}
      {acceptOffline && !online && <AcceptNeedsSignal onClose={() => setAcceptOffline(false)} />}
    </div>
  );
}
