// The printable Proof of Delivery: header "PROOF OF DELIVERY" with the
// network name and load number; Pickup Details, Delivery Details, Cargo
// Information, Special Requirements; blank signature blocks; footer with a
// contact line and "Generated on" (dd/MM/yyyy) with the load number.
import type { ReactNode } from "react";
import type { Load } from "@contract/schemas/load";
import { formatDate, formatDimensions, formatMiles, formatTime, formatWeight } from "../../lib/format";

/** "24/11/2026 at 09:00", "24/11/2026 before 15:00", "24/11/2026 between 08:00 - 12:00": the time window with the date as dd/MM/yyyy. */
export function podWindow(date: string | null, type: string, start: string | null, end: string | null): string {
  if (!date) return "—";
  const day = formatDate(date);
  if (day === "Invalid Date") return day;
  if (type === "before" && end) return `${day} before ${end}`;
  if (type === "between" && start && end) return `${day} between ${start} - ${end}`;
  return `${day} at ${start || formatTime(date)}`;
}

export function specialRequirements(load: Load): string[] {
  const out: string[] = [];
  if (load.isUrgent) out.push("Urgent load");
  if (load.forsRequirement) out.push(`FORS ${load.forsRequirement}`);
  if (load.adr) out.push("ADR (dangerous goods)");
  if (load.waste) out.push("Waste");
  if (load.tailLift) out.push("Tail lift");
  if (load.moffett) out.push("Moffett");
  if (load.edgeProtectors) out.push("Edge protectors");
  if (load.isTemperatureControlled) out.push("Temperature controlled");
  return out;
}

export function PodDocument({ load, productName, generatedAt = new Date() }: { load: Load; productName: string; generatedAt?: Date }) {
  const requirements = specialRequirements(load);
  return (
    <article
      className="print-area mx-auto w-full max-w-[210mm] border border-slate-300 bg-white p-4 text-[13px] leading-snug text-slate-900 shadow-sm sm:p-8"
      aria-label={`Proof of delivery for load ${load.loadNumber}`}
    >
      <header className="flex flex-col gap-3 border-b-2 border-slate-900 pb-3 sm:flex-row sm:items-end sm:justify-between print:flex-row print:items-end print:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">{productName}</p>
          <h2 className="text-2xl font-extrabold tracking-wider text-slate-900">PROOF OF DELIVERY</h2>
        </div>
        <dl className="text-sm sm:text-right print:text-right">
          <div>
            <dt className="inline text-slate-600">Load number: </dt>
            <dd className="inline font-bold">{load.loadNumber}</dd>
          </div>
          {load.mandataNumber && (
            <div>
              <dt className="inline text-slate-600">PO number: </dt>
              <dd className="inline font-semibold">{load.mandataNumber}</dd>
            </div>
          )}
          {load.acceptedByCarrier && (
            <div>
              <dt className="inline text-slate-600">Carrier: </dt>
              <dd className="inline font-semibold">{load.acceptedByCarrier}</dd>
            </div>
          )}
        </dl>
      </header>

      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <Section title="Pickup Details">
          <Row label="Address">{address(load.pickupAddress, load.pickupCity, load.pickupState, load.pickupZip)}</Row>
          <Row label="Date / time">{podWindow(load.pickupDate, load.pickupTimeType, load.pickupStartTime, load.pickupEndTime)}</Row>
          <Row label="Contact">{load.pickupContact || "—"}</Row>
          <Row label="Reference">{load.pickupReference || "—"}</Row>
          {load.pickupInstructions && <Row label="Instructions">{load.pickupInstructions}</Row>}
        </Section>
        <Section title="Delivery Details">
          <Row label="Address">{address(load.deliveryAddress, load.deliveryCity, load.deliveryState, load.deliveryZip)}</Row>
          <Row label="Date / time">{podWindow(load.deliveryDate, load.deliveryTimeType, load.deliveryStartTime, load.deliveryEndTime)}</Row>
          <Row label="Contact">{load.deliveryContact || "—"}</Row>
          <Row label="Reference">{load.deliveryReference || "—"}</Row>
          {load.deliveryInstructions && <Row label="Instructions">{load.deliveryInstructions}</Row>}
        </Section>
        <Section title="Cargo Information">
          <Row label="Cargo">{load.cargoType || "—"}</Row>
          <Row label="Weight">{formatWeight(load.weight)}</Row>
          <Row label="Dimensions">{`${formatDimensions(load.length, load.width, load.height)} (L × W × H)`}</Row>
          <Row label="Equipment">{load.equipmentType}</Row>
          <Row label="Distance">{formatMiles(load.distance)}</Row>
        </Section>
        <Section title="Special Requirements">
          {requirements.length ? (
            <ul className="list-inside list-disc space-y-0.5">
              {requirements.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          ) : (
            <p>None</p>
          )}
        </Section>
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <SignatureBlock title="Collection" />
        <SignatureBlock title="Delivery" />
      </div>
      <p className="mt-3 text-xs text-slate-600">
        By signing, the receiver confirms the goods above were delivered in good order and condition unless noted here:
      </p>
      <div className="mt-1 h-10 border-b border-slate-400" aria-hidden="true" />

      <footer className="mt-5 flex flex-col gap-1 border-t border-slate-300 pt-2 text-xs text-slate-600 sm:flex-row sm:justify-between print:flex-row print:justify-between">
        <span>
          {productName} · UK flatbed haulage network · Questions about this load: contact the {productName} operations team quoting the load number.
        </span>
        <span className="whitespace-nowrap">
          Generated on {formatDate(generatedAt)} · Load {load.loadNumber}
        </span>
      </footer>
    </article>
  );
}

function address(line: string | null, city: string, county: string | null, postcode: string | null): string {
  return [line, city, county, postcode].filter(Boolean).join(", ");
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pod-avoid-break rounded border border-slate-300 p-3">
      <h3 className="mb-2 border-b border-slate-200 pb-1 text-sm font-bold uppercase tracking-wide text-slate-800">{title}</h3>
      <div className="space-y-1">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="grid grid-cols-[8.5rem_1fr] gap-2">
      <span className="text-slate-600">{label}</span>
      <span className="font-medium break-words">{children}</span>
    </p>
  );
}

function SignatureBlock({ title }: { title: string }) {
  return (
    <section className="pod-avoid-break rounded border border-slate-400 p-3" aria-label={`${title} signature`}>
      <h3 className="mb-3 text-sm font-bold uppercase tracking-wide text-slate-800">{title}</h3>
      {["Name (print)", "Signature", "Date"].map((label) => (
        <div key={label} className="mb-3 flex items-end gap-2">
          <span className="w-28 shrink-0 text-xs text-slate-600">{label}</span>
          <span className="h-7 flex-1 border-b border-slate-500" aria-hidden="true" />
        </div>
      ))}
    </section>
  );
}
