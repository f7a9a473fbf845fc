// Resumable paperwork upload (upload progress with pause and resume across a lost connection; server: objects.chunks.ts,
// docs/decisions/0004-uploads-and-pod.md "Resumable"). The file goes to the ticket's
// uploadURL in 256 KB chunks (`Content-Range: bytes start-end/total`); the
// ticket and the bytes the server holds are kept by the caller (the POD outbox
// entry), so after Pause, a lost connection or a closed app the upload asks the
// server how far it got (GET uploadURL → Upload-Offset) and sends only the rest.
// A new ticket only when the old one is gone (expired 410, unknown 404).
import { api } from "../../../lib/api";
import { aborted, isRetryableStatus, serverMessage, UPLOAD_MESSAGES, UploadError, withUploadRetries, type RetryOptions } from "../../../lib/upload";

/** ~256 KB: a lost connection costs at most this much again; the server takes up to 1 MB. */
export const CHUNK_BYTES = 256 * 1024;

/** Where an upload stands: kept in the outbox entry so a resume continues from `offset`. */
export interface UploadTicket {
  uploadURL: string;
  objectPath: string;
  /** bytes the server held when last heard from */
  offset: number;
}

type Answer = { status: number; text: string; offset: number | null };

const offsetOf = (header: string | null): number | null => (header !== null && /^\d+$/.test(header) ? Number(header) : null);

/** One chunk: XHR where there is one (upload progress), fetch in the service worker. */
export function putChunk(url: string, chunk: Blob, start: number, total: number, onLoaded: (bytes: number) => void, signal?: AbortSignal): Promise<Answer> {
  const range = `bytes ${start}-${start + chunk.size - 1}/${total}`;
  if (typeof XMLHttpRequest === "undefined") {
    return fetch(url, { method: "PUT", body: chunk, credentials: "include", signal, headers: { "Content-Range": range, "Content-Type": "application/octet-stream" } }).then(
      async (res) => ({ status: res.status, text: await res.text(), offset: offsetOf(res.headers.get("Upload-Offset")) }),
      (e: Error) => {
        if (e.name === "AbortError") throw e;
        throw new UploadError(UPLOAD_MESSAGES.offline, true);
      },
    );
  }
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Range", range);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (e) => onLoaded(e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, offset: offsetOf(xhr.getResponseHeader("Upload-Offset")) });
    xhr.onerror = () => reject(new UploadError(UPLOAD_MESSAGES.offline, true));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(chunk);
  });
}

/** What the server holds of a ticket: its offset, the finished objectPath, or "gone" (expired, unknown: a new ticket). */
async function askOffset(url: string, signal?: AbortSignal): Promise<{ offset: number; objectPath: string | null } | "gone"> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "include", cache: "no-store", signal });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new UploadError(UPLOAD_MESSAGES.offline, true);
  }
  if (res.status === 404 || res.status === 403 || res.status === 410) return "gone";
  const text = await res.text();
  if (!res.ok) throw new UploadError(serverMessage(text) ?? UPLOAD_MESSAGES.failed("the paperwork"), isRetryableStatus(res.status), res.status);
  const body = JSON.parse(text) as { offset: number; complete: boolean; objectPath: string | null };
  return { offset: body.offset, objectPath: body.complete ? body.objectPath : null };
}

/** The retries after a lost connection keep the ticket and offset across them. */
export interface ResumableOptions extends RetryOptions {
  /** where the upload stood (from the outbox entry), or null to start */
  ticket: UploadTicket | null;
  /** keep the ticket and offset (the outbox entry), before the first byte and after each chunk */
  saveTicket: (ticket: UploadTicket) => Promise<void>;
  onProgress: (fraction: number) => void;
  chunkBytes?: number;
}

/**
 * Upload `file` in chunks from where the server stands. Resolves with the
 * objectPath; throws UploadError (413/415: the file itself refused, final) or
 * AbortError (Pause), with the ticket and offset saved either way.
 */
export function uploadResumable(file: Blob & { name?: string }, opts: ResumableOptions): Promise<string> {
  const name = file.name ?? "the paperwork";
  const size = file.size;
  const chunkBytes = opts.chunkBytes ?? CHUNK_BYTES;
  let ticket = opts.ticket;
  let conflicts = 0;
  return withUploadRetries(name, opts, async () => {
    /** true while `ticket.offset` is what the server told us just now (no need to ask it); after a failure, ask again */
    let known = false;
    for (;;) {
      if (ticket && !known) {
        const held = await askOffset(ticket.uploadURL, opts.signal);
        if (held !== "gone" && held.objectPath) return held.objectPath; // the last answer was lost, the file is there
        ticket = held === "gone" ? null : { ...ticket, offset: held.offset };
        if (ticket) await opts.saveTicket(ticket);
      }
      if (!ticket) {
        const t = await api.post<{ uploadURL: string; objectPath: string }>("/api/objects/upload");
        ticket = { ...t, offset: 0 };
        await opts.saveTicket(ticket);
      }
      known = true;
      opts.onProgress(ticket.offset / size);
      const start = ticket.offset;
      const chunk = file.slice(start, Math.min(start + chunkBytes, size));
      const r = await putChunk(ticket.uploadURL, chunk, start, size, (n) => opts.onProgress((start + n) / size), opts.signal);
      if (r.status === 200) {
        opts.onProgress(1);
        await opts.saveTicket({ ...ticket, offset: size });
        return ticket.objectPath;
      }
      if (r.status === 202 || (r.status === 409 && r.offset !== null)) {
        // 409 with an offset: the server holds another amount (a chunk whose answer was lost); go on from there.
        // The same 409 again and again (chunks of another file held): start over with a new ticket.
        conflicts = r.status === 409 ? conflicts + 1 : 0;
        if (conflicts > 3) {
          ticket = null;
          conflicts = 0;
          continue;
        }
        ticket = { ...ticket, offset: r.offset ?? start + chunk.size };
        await opts.saveTicket(ticket);
        continue;
      }
      if (r.status === 409 || r.status === 404 || r.status === 410 || r.status === 403) {
        known = false; // used (finished by an earlier try?) or gone: ask
        continue;
      }
      // 400: the chunk arrived incomplete (a proxy cut it): sent again from the held offset after a pause
      throw new UploadError(serverMessage(r.text) ?? UPLOAD_MESSAGES.failed(name), r.status === 400 || isRetryableStatus(r.status), r.status);
    }
  });
}
