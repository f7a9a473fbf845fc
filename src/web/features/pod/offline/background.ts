// Ask for the queued PODs to be sent when the connection is back:
// Background Sync where the browser has it (Chromium: the service worker's
// `sync` event fires once there is a connection, even with the app closed);
// everywhere else the page's `online` listener and app open (pwa/register.ts)
// do it. Both may fire: the outbox's lock and the Idempotency-Key keep it once.
export const SYNC_TAG = "pod-outbox";

export const SAVED_OFFLINE = "Saved on this phone — will send when you have signal";
export const WAITING_BADGE = "POD waiting to send";

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export async function requestBackgroundSend(): Promise<void> {
  try {
    if (!("serviceWorker" in navigator)) return;
    const reg = (await Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), 2000))])) as SyncRegistration | null;
    await reg?.sync?.register(SYNC_TAG);
  } catch {
    // no Background Sync (or refused): the online event and app open still send it
  }
}
