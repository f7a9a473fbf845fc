// Where a booked load's stops stand, from what the server has recorded and what
// waits on this phone: the next thing the driver can press (pickup arrival →
// pickup departure → delivery arrival → delivery departure) and the line saying
// what was last recorded. Pure, so the card and its tests share it.
import { STOP_LABELS, type LoadStops, type Stop, type StopEvidence } from "@contract/schemas/claim";
import { formatTime } from "../../../lib/format";

export type StopKind = "arrival" | "departure";
export interface Step {
  stop: Stop;
  kind: StopKind;
}
export const STEPS: readonly Step[] = [
  { stop: "pickup", kind: "arrival" },
  { stop: "pickup", kind: "departure" },
  { stop: "delivery", kind: "arrival" },
  { stop: "delivery", kind: "departure" },
];

export const stepTag = (s: Step) => `stop:${s.stop}:${s.kind}`;
export function parseStepTag(tag: string): Step | null {
  const [prefix, stop, kind] = tag.split(":");
  if (prefix !== "stop" || (stop !== "pickup" && stop !== "delivery") || (kind !== "arrival" && kind !== "departure")) return null;
  return { stop, kind };
}

/** A press kept on this phone (the outbox entry, as the card needs it). */
export interface PendingStep extends Step {
  /** when it was pressed (ISO) */
  at: string;
  state: "waiting" | "refused";
  reason: string | null;
  id: string;
}

export const SAVED_ON_PHONE = "Saved on this phone — will send when there is a signal";

const recordedAt = (stops: LoadStops | undefined, s: Step) => {
  const r = stops?.[s.stop];
  return (s.kind === "arrival" ? r?.arrivedAt : r?.departedAt) ?? null;
};

/** The first step neither recorded nor waiting on the phone; null once all four are done. */
export function nextStep(stops: LoadStops | undefined, pending: readonly PendingStep[]): Step | null {
  const waiting = new Set(pending.filter((p) => p.state === "waiting").map(stepTag));
  return STEPS.find((s) => !recordedAt(stops, s) && !waiting.has(stepTag(s))) ?? null;
}

/** "Arrived at delivery" / "Left delivery" */
export function stepWords(s: Step): string {
  return s.kind === "arrival" ? `Arrived at ${STOP_LABELS[s.stop]}` : `Left ${STOP_LABELS[s.stop]}`;
}

/** how the server counted the time, in the driver's words */
export function evidenceWords(evidence: StopEvidence | null, positionSent: boolean | undefined): string {
  if (evidence === "position") return "position recorded";
  if (evidence === "staff") return "entered by staff";
  // a position went but was too rough or too far from the stop's postcode to count
  if (positionSent) return "declared (position not near the stop)";
  return "declared (no position)";
}

export interface RecordedLine {
  text: string;
  tone: "ok" | "waiting" | "refused";
}

/**
 * What was last recorded: a press still on this phone (waiting or refused) before
 * anything the server holds, else the latest step the server recorded.
 * `positionSent` remembers, for a press sent from this page, whether a position went with it.
 */
export function recordedLine(stops: LoadStops | undefined, pending: readonly PendingStep[], positionSent?: Record<string, boolean>): RecordedLine | null {
  const refused = pending.find((p) => p.state === "refused");
  if (refused) return { text: `${stepWords(refused)} ${formatTime(refused.at)} · not sent: ${refused.reason ?? "refused by the server"}`, tone: "refused" };
  const waiting = [...pending].filter((p) => p.state === "waiting").sort((a, b) => a.at.localeCompare(b.at)).at(-1);
  if (waiting) return { text: `${stepWords(waiting)} ${formatTime(waiting.at)} · ${SAVED_ON_PHONE}`, tone: "waiting" };
  const last = [...STEPS].reverse().find((s) => recordedAt(stops, s));
  if (!last) return null;
  const record = stops![last.stop];
  return { text: `${stepWords(last)} ${formatTime(recordedAt(stops, last))} · ${evidenceWords(record.evidence, positionSent?.[stepTag(last)])}`, tone: "ok" };
}

/** The stop the buttons are for: the next step's, or delivery once everything is recorded. */
export const shownStop = (next: Step | null): Stop => next?.stop ?? "delivery";
