// "Load Details - #{loadNumber}": the Load Details and Messages tabs and, for staff
// only, "View History ({count})". Shared by the carrier board and the admin
// dashboard. Opening it records a view. Private fields (addresses,
// postcodes, contacts, references, PO number) are shown only when the server sent
// them: hiding them from a role that may not see them is the server's job.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ClipboardCheck, FileText, Info, MapPin, Package, Truck } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/badge";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { LoadStatusBadge, statusLabel } from "../../../components/load-status-badge";
import { ApiError } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import {
  formatAdminDateTime,
  formatDimensions,
  formatMiles,
  formatMoney,
  formatNumber,
  formatRate,
  formatTimeWindow,
  formatWeight,
} from "../../../lib/format";
import { useAuth } from "../../../lib/use-auth";
import { PodDocumentDialog } from "../../pod-document";
import { useLoad, useLoadEvents, useLoadViews, useRecordView } from "../api";
import { canAcceptLoad, canCompletePod, canGeneratePod, loadFeatureBadges, rateOf } from "../load-rules";
import { BookingBlockNote, type BookingBlock } from "../../booking-compliance";
import { LoadStopsPanel } from "../../claims";
import { LoadMessagesPanel } from "../../messages";
import { SiteWaitingNote } from "../../scorecards";
import { Later } from "../../../lib/lazy";

export interface LoadDetailsDialogProps {
  loadId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accept Load shows only when a handler exists (the details dialog closes first) */
  onAccept?: (load: Load) => void;
  /** Complete POD shows only when a handler exists (the details dialog closes first) */
  onCompletePod?: (load: Load) => void;
  /** the load as the list already has it, shown until the fresh copy arrives */
  initialLoad?: Load;
  /** why the carrier cannot book this load: Accept Load disabled, the reason and what to do above the details */
  block?: BookingBlock | null;
  /** open on the Messages tab (staff: at this company's thread), as the header's messages list does */
  messagesOf?: { companyId?: string };
}

export function LoadDetailsDialog({ loadId, open, onOpenChange, onAccept, onCompletePod, initialLoad, block, messagesOf }: LoadDetailsDialogProps) {
  const blockId = useId();
  const { isStaff } = useAuth();
  const query = useLoad(open ? loadId : null);
  const load = query.data ?? (initialLoad && initialLoad.id === loadId ? initialLoad : undefined);
  const recordView = useRecordView();
  // the history is read once this opening's own view is recorded, so it includes it
  const viewSettled = recordView.isSuccess || recordView.isError;
  const views = useLoadViews(loadId, open && isStaff && viewSettled);
  const events = useLoadEvents(loadId, open && isStaff);
  const [podOpen, setPodOpen] = useState(false);

  // every opening of a load records a view (once per opening, not per render)
  const recorded = useRef<string | null>(null);
  const { mutate: record } = recordView;
  useEffect(() => {
    if (!open || !loadId) {
      recorded.current = null;
      return;
    }
    if (recorded.current === loadId) return;
    recorded.current = loadId;
    record(loadId);
  }, [open, loadId, record]);

  const title = load ? `Load Details - #${load.loadNumber}` : "Load Details";
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const blocked = load && onAccept && canAcceptLoad(load) && block ? block : null;

  const footer = load ? (
    <>
      <Button variant="outline" onClick={() => onOpenChange(false)}>
        Cancel
      </Button>
      {canGeneratePod(load) && (
        <Button variant="outline" onClick={() => setPodOpen(true)}>
          <FileText className="h-4 w-4" aria-hidden="true" />
          Generate POD
        </Button>
      )}
      {onCompletePod && canCompletePod(load) && (
        <Button
          variant="secondary"
          onClick={() => {
            onOpenChange(false);
            onCompletePod(load);
          }}
        >
          <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
          Complete POD
        </Button>
      )}
      {onAccept && canAcceptLoad(load) && (
        <Button
          variant="success"
          disabled={!!blocked}
          aria-describedby={blocked ? blockId : undefined}
          onClick={() => {
            onOpenChange(false);
            onAccept(load);
          }}
        >
          Accept Load
        </Button>
      )}
    </>
  ) : (
    <Button variant="outline" onClick={() => onOpenChange(false)}>
      Cancel
    </Button>
  );

  let body: ReactNode;
  if (load) {
    const details = (
      <>
        {blocked && <BookingBlockNote block={blocked} id={blockId} className="mb-4" autoFocusLink />}
        <LoadDetailsBody load={load} />
        {/* the typical wait at its stop areas (features/scorecards); a booked load's stop times and waiting-time claims (features/claims): when the server sent them */}
        <Later>
          {"siteWaiting" in load && <SiteWaitingNote load={load} />}
          {"stops" in load && <LoadStopsPanel load={load} />}
        </Later>
      </>
    );
    // the Messages tab's thread is loaded only when the tab is shown (features/messages)
    body = (
      <Tabs defaultValue={messagesOf ? "messages" : "details"}>
        <TabsList aria-label="Load information">
          <TabsTrigger value="details" className="flex-1">
            Load Details
          </TabsTrigger>
          {isStaff && (
            <TabsTrigger value="history" className="flex-1">
              View History ({formatNumber(views.data?.total ?? 0)})
            </TabsTrigger>
          )}
          <TabsTrigger value="messages" className="flex-1">
            Messages
          </TabsTrigger>
        </TabsList>
        <TabsContent value="details">{details}</TabsContent>
        {isStaff && (
          <TabsContent value="history">
            <LoadHistory views={views} events={events} />
          </TabsContent>
        )}
        <TabsContent value="messages">
          <Later>
            <LoadMessagesPanel loadId={load.id} companyId={messagesOf?.companyId} />
          </Later>
        </TabsContent>
      </Tabs>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{notFound ? "This load is no longer available." : "The load could not be loaded."}</p>
        {!notFound && (
          <Button variant="outline" className="mt-3" onClick={() => query.refetch()}>
            Retry
          </Button>
        )}
      </div>
    );
  } else {
    body = <Spinner label="Loading..." className="py-10" />;
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={title} className="sm:max-w-3xl!" footer={footer}>
        {body}
      </Dialog>
      {load && canGeneratePod(load) && <PodDocumentDialog load={load} open={podOpen} onOpenChange={setPodOpen} />}
    </>
  );
}

function Section({ title, icon, children, className }: { title: string; icon: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-lg border border-slate-200 p-4", className)} aria-label={title}>
      <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-700">
        {icon}
        {title}
      </h3>
      <dl className="space-y-2 text-sm">{children}</dl>
    </section>
  );
}

/** One label/value row; nothing at all when the value is absent (redacted or empty). */
function Row({ label, value }: { label: string; value: ReactNode }) {
  if (value == null || value === "") return null;
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 font-medium wrap-anywhere text-slate-900">{value}</dd>
    </div>
  );
}

function StopSection({ load, stop }: { load: Load; stop: "pickup" | "delivery" }) {
  const p = stop === "pickup";
  const when = p
    ? formatTimeWindow(load.pickupDate, load.pickupTimeType, load.pickupStartTime, load.pickupEndTime)
    : formatTimeWindow(load.deliveryDate, load.deliveryTimeType, load.deliveryStartTime, load.deliveryEndTime);
  return (
    <Section title={p ? "Pickup" : "Delivery"} icon={<MapPin className="h-4 w-4" aria-hidden="true" />}>
      <Row label="City" value={p ? load.pickupCity : load.deliveryCity} />
      <Row label="County" value={p ? load.pickupState : load.deliveryState} />
      <Row label="Address" value={p ? load.pickupAddress : load.deliveryAddress} />
      <Row label="Postcode" value={p ? load.pickupZip : load.deliveryZip} />
      <Row label="Date" value={when} />
      <Row label="Contact" value={p ? load.pickupContact : load.deliveryContact} />
      <Row label="Reference" value={p ? load.pickupReference : load.deliveryReference} />
      <Row label="Instructions" value={p ? load.pickupInstructions : load.deliveryInstructions} />
    </Section>
  );
}

export function LoadDetailsBody({ load }: { load: Load }) {
  const badges = loadFeatureBadges(load).filter((b) => !["urgent", "fors", "temp"].includes(b.key));
  const privateHidden = !load.pickupZip && !load.deliveryZip && !load.pickupAddress && !load.deliveryAddress;
  const rate = rateOf(load);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <LoadStatusBadge status={load.status} />
        {load.isUrgent && <Badge tone="red">Urgent</Badge>}
      </div>
      {privateHidden && load.status !== "approved" && load.status !== "completed" && (
        <p className="flex items-start gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-700">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          Full addresses, postcodes and contacts are shown once the load is approved.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <StopSection load={load} stop="pickup" />
        <StopSection load={load} stop="delivery" />
        <Section title="Load Details" icon={<Package className="h-4 w-4" aria-hidden="true" />}>
          <Row label="Weight" value={formatWeight(load.weight)} />
          <Row label="Distance" value={formatMiles(load.distance)} />
          <Row
            label="Payment"
            value={
              <span className="tabular">
                {formatMoney(load.price)}
                {rate != null && <span className="ml-2 font-normal text-slate-600">{formatRate(rate)}</span>}
              </span>
            }
          />
          <Row label="PO Number" value={load.mandataNumber} />
          <Row label="Cargo Type" value={load.cargoType} />
          <Row label="Status" value={statusLabel(load.status)} />
          <Row label="Accepted By" value={load.acceptedByCarrier} />
        </Section>
        <Section title="Equipment Requirements" icon={<Truck className="h-4 w-4" aria-hidden="true" />}>
          <Row label="Equipment" value={load.equipmentType} />
          <Row label="FORS" value={load.forsRequirement ? load.forsRequirement : "None Required"} />
          <Row label="Dimensions" value={formatDimensions(load.length, load.width, load.height)} />
          <Row label="Temperature Controlled" value={load.isTemperatureControlled ? "Yes" : "No"} />
          {badges.length > 0 && (
            <div className="grid grid-cols-[7rem_1fr] gap-2">
              <dt className="text-slate-600">Requirements</dt>
              <dd className="flex flex-wrap gap-1.5">
                {badges.map((b) => (
                  <Badge key={b.key} tone={b.key === "adr" ? "amber" : "slate"}>
                    {b.label}
                  </Badge>
                ))}
              </dd>
            </div>
          )}
        </Section>
      </div>
    </div>
  );
}

/** contract: a list answers the newest 1,000 at most; say so rather than truncate silently. */
function MoreThanShown({ shown, total, what }: { shown?: number; total?: number; what: string }) {
  if (shown == null || total == null || total <= shown) return null;
  return (
    <p className="mt-2 text-sm text-slate-600">
      Showing the newest {formatNumber(shown)} of {formatNumber(total)} {what}.
    </p>
  );
}

function LoadHistory({ views, events }: { views: ReturnType<typeof useLoadViews>; events: ReturnType<typeof useLoadEvents> }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="load-views-heading">
        <h3 id="load-views-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Viewed by
        </h3>
        {views.isLoading ? (
          <Spinner label="Loading..." className="justify-start" />
        ) : views.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The view history could not be loaded.{" "}
            <button type="button" className="underline" onClick={() => views.refetch()}>
              Retry
            </button>
          </p>
        ) : !views.data?.list.length ? (
          <p className="text-sm text-slate-600">No one has viewed this load yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Carrier
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Viewed
                  </th>
                </tr>
              </thead>
              <tbody>
                {views.data.list.map((v, i) => (
                  <tr key={`${v.viewedAt}-${i}`} className="border-t border-slate-200">
                    <td className="px-3 py-2">{v.userName ?? "Unknown user"}</td>
                    <td className="px-3 py-2">{v.userCarrier ?? "—"}</td>
                    <td className="px-3 py-2 whitespace-nowrap tabular">{formatAdminDateTime(v.viewedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <MoreThanShown shown={views.data?.list.length} total={views.data?.total} what="views" />
      </section>
      <section aria-labelledby="load-events-heading">
        <h3 id="load-events-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Status history
        </h3>
        {events.isLoading ? (
          <Spinner label="Loading..." className="justify-start" />
        ) : events.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The status history could not be loaded.{" "}
            <button type="button" className="underline" onClick={() => events.refetch()}>
              Retry
            </button>
          </p>
        ) : !events.data?.list.length ? (
          <p className="text-sm text-slate-600">No status changes recorded yet.</p>
        ) : (
          <ol className="space-y-2">
            {events.data.list.map((e) => (
              <li key={e.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{humanise(e.action)}</span>
                  {e.fromStatus && <LoadStatusBadge status={e.fromStatus} />}
                  {e.fromStatus && e.toStatus && (
                    <>
                      <span aria-hidden="true">→</span>
                      <span className="sr-only">to</span>
                    </>
                  )}
                  {e.toStatus && <LoadStatusBadge status={e.toStatus} />}
                </div>
                <p className="mt-1 text-slate-600">
                  {e.actorName ?? "System"} · <span className="tabular">{formatAdminDateTime(e.createdAt)}</span>
                </p>
                {e.reason && <p className="mt-1 text-slate-700">{e.reason}</p>}
              </li>
            ))}
          </ol>
        )}
        <MoreThanShown shown={events.data?.list.length} total={events.data?.total} what="changes" />
      </section>
    </div>
  );
}

function humanise(action: string): string {
  const s = action.replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}
