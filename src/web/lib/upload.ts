// Paperwork upload (one file, ≤ 10 MB, PDF/JPG/PNG; retry delays 0, 1, 3,
// 5 s; the upload widget's messages). The file goes to a
// single-use URL from POST /api/objects/upload with XMLHttpRequest so the
// progress bar can show how far it is (fetch cannot report upload progress).
import { UPLOAD_MAX_BYTES, UPLOAD_RETRY_DELAYS_MS, UPLOAD_TYPES } from "@contract/constants";
import { api, ApiError } from "./api";

/** The upload widget's messages (file count, size, type, duplicates, failure, connectivity). */
export const UPLOAD_MESSAGES = {
  tooMany: "You can only upload 1 file",
  tooLarge: (name: string) => `${name} exceeds maximum allowed size of 10 MB`,
  wrongType: "You can only upload: PDF, JPG, PNG",
  duplicate: (name: string) => `Cannot add the duplicate file '${name}', it already exists`,
  failed: (name: string) => `Failed to upload ${name}`,
  offline: "No Internet connection",
  online: "Connected!",
} as const;

export const ACCEPT = UPLOAD_TYPES.join(",");
const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** A cheap identity for "the same file again": name, size and type (a re-picked photo gets a new modification time). */
export const fileId = (f: File) => `${f.name}\u0000${f.size}\u0000${f.type}`;

/**
 * Check a selection before any byte is sent. The server checks the content
 * again (magic bytes); this is only so the carrier hears at once.
 */
export function checkSelection(files: File[], current: File | null): { file: File } | { error: string } {
  if (files.length === 0) return { error: UPLOAD_MESSAGES.wrongType };
  if (files.length > 1) return { error: UPLOAD_MESSAGES.tooMany };
  const file = files[0];
  if (current && fileId(current) === fileId(file)) return { error: UPLOAD_MESSAGES.duplicate(file.name) };
  // some phones give camera photos no type: fall back to the name
  const typeOk = file.type ? (UPLOAD_TYPES as readonly string[]).includes(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return { error: UPLOAD_MESSAGES.wrongType };
  if (file.size > UPLOAD_MAX_BYTES) return { error: UPLOAD_MESSAGES.tooLarge(file.name) };
  return { file };
}

export class UploadError extends Error {
  constructor(
    message: string,
    /** a network failure or a server hiccup: worth another try */
    public readonly retryable: boolean,
    public readonly status = 0,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/**
 * Worth an automatic retry: the network or the server hiccuped (503 also when
 * file storage is unreachable). A full store (507) will not clear in seconds and
 * a 4xx is the server's answer, so neither is retried by itself.
 */
export const isRetryableStatus = (status: number): boolean => (status >= 500 && status !== 507) || status === 408;

/**
 * The server refused the file itself (413 too large, 415 wrong type): final, the
 * file is dropped. After any other failure (storage full or unreachable, too many
 * uploads, a lost connection) the file stays with a Retry button.
 */
export const refusesFile = (e: unknown): boolean => e instanceof UploadError && (e.status === 413 || e.status === 415);

export function serverMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === "string" ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/** What Pause or Cancel rejects an upload with. */
export const aborted = () => new DOMException("Upload cancelled", "AbortError");

/** One PUT of the file with fetch (a service worker has no XMLHttpRequest): progress only at the end. */
export async function putWithFetch(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { method: "PUT", body: file, credentials: "include", signal, headers: file.type ? { "Content-Type": file.type } : undefined });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new UploadError(UPLOAD_MESSAGES.failed(file.name), true);
  }
  if (res.ok) return onProgress(1);
  throw new UploadError(serverMessage(await res.text()) ?? UPLOAD_MESSAGES.failed(file.name), isRetryableStatus(res.status), res.status);
}

/** One PUT of the file, reporting progress 0..1. */
export function putWithProgress(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = true;
    if (file.type) xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        return resolve();
      }
      const retryable = isRetryableStatus(xhr.status);
      // the server's own words ("Storage is full — please try again later"), else ours
      reject(new UploadError(serverMessage(xhr.responseText) ?? UPLOAD_MESSAGES.failed(file.name), retryable, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_MESSAGES.failed(file.name), true));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms === 0) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(aborted())), { once: true });
  });

export interface RetryOptions {
  /** told before each retry, with the attempt number (1-based) */
  onRetry?: (attempt: number, delayMs: number) => void;
  signal?: AbortSignal;
  /** the waits before each retry (default the spec's 0, 1, 3, 5 s) */
  delays?: readonly number[];
  isOnline?: () => boolean;
}

/**
 * Run `attempt`, and again after each of the retry delays while it fails for a
 * reason that may clear by itself: no connection, a network error, a server
 * hiccup. An answer of the server that will not change (too large, wrong type,
 * storage full, too many uploads) ends it at once, with its message; Pause or
 * Cancel (AbortError) passes straight through. Fails with an UploadError about
 * `fileName`.
 */
export async function withUploadRetries<T>(fileName: string, opts: RetryOptions, attempt: () => Promise<T>): Promise<T> {
  const delays = opts.delays ?? UPLOAD_RETRY_DELAYS_MS;
  const isOnline = opts.isOnline ?? (() => navigator.onLine);
  let lastError: unknown;
  for (let n = 0; n <= delays.length; n++) {
    if (n > 0) {
      opts.onRetry?.(n, delays[n - 1]);
      await wait(delays[n - 1], opts.signal);
    }
    if (!isOnline()) {
      lastError = new UploadError(UPLOAD_MESSAGES.offline, true);
      continue;
    }
    try {
      return await attempt();
    } catch (e) {
      if ((e as Error).name === "AbortError") throw e;
      lastError = e;
      const retryable =
        e instanceof UploadError ? e.retryable : e instanceof ApiError ? isRetryableStatus(e.status) : true; /* fetch TypeError: network */
      if (!retryable) break;
    }
  }
  if (lastError instanceof UploadError) throw lastError;
  if (lastError instanceof ApiError) throw new UploadError(lastError.serverMessage ?? UPLOAD_MESSAGES.failed(fileName), false, lastError.status);
  throw new UploadError(UPLOAD_MESSAGES.failed(fileName), true);
}

export interface UploadOptions extends RetryOptions {
  onProgress: (fraction: number) => void;
  /** where the upload URL is asked for: a pending applicant's is /api/registration/upload */
  ticketUrl?: string;
  /** the PUT itself (default XHR with progress; the service worker, which has no XHR, passes a fetch) */
  put?: (url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<void>;
}

/**
 * Upload one file: ask for an upload URL, PUT the file; on a network failure try
 * again after each of the spec's delays (0, 1, 3, 5 s), each time with a fresh
 * single-use URL. An answer of the server (too large, wrong type, storage full,
 * too many uploads) is not retried: its message is the error's.
 * Resolves with the objectPath to send as signedPaperworkUrl.
 */
export function uploadPaperwork(file: File, opts: UploadOptions): Promise<string> {
  return withUploadRetries(file.name, opts, async () => {
    const { uploadURL, objectPath } = await api.post<{ uploadURL: string; objectPath: string }>(opts.ticketUrl ?? "/api/objects/upload");
    opts.onProgress(0);
    await (opts.put ?? putWithProgress)(uploadURL, file, opts.onProgress, opts.signal);
    return objectPath;
  });
}
