// The outbox as other features use it: queue a request pressed with no signal
// (a stop's arrival or departure), read back what waits, and send. Loaded on
// first use through index.ts (loadOutbox), never on the board's first paint.
export { newPodKey as newOutboxKey, putQueued, listQueuedRequests, removeQueued, OUTBOX_CHANNEL, type QueuedRequest, type OutboxMessage } from "./outbox";
export { flushOutbox } from "./send";
export { requestBackgroundSend } from "./background";
