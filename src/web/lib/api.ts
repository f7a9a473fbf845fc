// One client helper: fetch with cookies, JSON only when there is a
// payload, and one error format: message = "{status}: {body text}".
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = "ApiError";
  }
  /** The server's `error` field when the body is the contract's error JSON. */
  get serverMessage(): string | undefined {
    try {
      const body = JSON.parse(this.bodyText) as { error?: unknown };
      return typeof body.error === "string" ? body.error : undefined;
    } catch {
      return undefined;
    }
  }
  /** The whole parsed body, if JSON. */
  get body(): Record<string, unknown> | undefined {
    try {
      return JSON.parse(this.bodyText) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
}

/**
 * A fresh Idempotency-Key for one user action (accept, bid, POD, and every create:
 * a load, a user, a document, a saved search …). From
 * getRandomValues, which works on plain http too (crypto.randomUUID needs a
 * secure context).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Waits before sending a keyed request again after a lost connection or a 503. */
export const IDEMPOTENT_RETRY_DELAYS_MS = [500, 1500] as const;

/**
 * fetch with an Idempotency-Key, sent again with the same key when the
 * connection fails or the server answers 503: the server gives a retry the
 * first answer if the first try got that far, so the action happens once.
 */
export async function fetchIdempotent(url: string, init: RequestInit, key: string, delays: readonly number[] = IDEMPOTENT_RETRY_DELAYS_MS): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Idempotency-Key", key);
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { ...init, headers });
      if (res.status !== 503 || attempt >= delays.length) return res;
    } catch (e) {
      if (attempt >= delays.length || (e as Error).name === "AbortError") throw e;
    }
    await new Promise((r) => setTimeout(r, delays[attempt]));
  }
}

export interface RequestOptions {
  /** send this Idempotency-Key and retry a lost connection or a 503 with it (newIdempotencyKey per user action) */
  idempotencyKey?: string;
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown, opts: RequestOptions = {}): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: "include",
    headers: data !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: data !== undefined ? JSON.stringify(data) : undefined,
  };
  const res = opts.idempotencyKey ? await fetchIdempotent(url, init, opts.idempotencyKey) : await fetch(url, init);
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>("GET", url),
  post: <T>(url: string, data?: unknown, opts?: RequestOptions) => apiRequest<T>("POST", url, data, opts),
  put: <T>(url: string, data?: unknown, opts?: RequestOptions) => apiRequest<T>("PUT", url, data, opts),
  patch: <T>(url: string, data?: unknown, opts?: RequestOptions) => apiRequest<T>("PATCH", url, data, opts),
  delete: <T>(url: string) => apiRequest<T>("DELETE", url),
};

/**
 * GET that answers null on 401 (a 401 is an empty result only where the
 * caller opts in): used for the current user.
 */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await api.get<T>(url);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/**
 * GET with ETag revalidation: the board polls every 10 s and an
 * unchanged list answers 304 with no body (contract), so we keep the last body.
 */
const etagCache = new Map<string, { etag: string; data: unknown; total: number | null }>();
export async function getWithEtag<T>(url: string): Promise<{ data: T; total: number | null }> {
  const cached = etagCache.get(url);
  const res = await fetch(url, {
    credentials: "include",
    headers: cached ? { "If-None-Match": cached.etag } : undefined,
  });
  if (res.status === 304 && cached) return { data: cached.data as T, total: cached.total };
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  const data = (await res.json()) as T;
  const etag = res.headers.get("ETag");
  const totalHeader = res.headers.get("X-Total-Count");
  const total = totalHeader ? Number(totalHeader) : null;
  if (etag) etagCache.set(url, { etag, data, total });
  return { data, total };
}

/** A list the page already carries (the board's first screen, drawn by the server): its next poll can be a 304. */
export function rememberEtag(url: string, etag: string, data: unknown, total: number | null): void {
  etagCache.set(url, { etag, data, total });
}

/**
 * A list patched from a live event (live-cache.ts) is the server's list at
 * the event's version: its stored ETag moves from `fromVersion` to `toVersion` (the
 * ETag is "{loads version}-{hash of viewer and query}", load-list.ts), so the next
 * poll answers 304 instead of sending the list again. Only when the stored body is
 * the one of `fromVersion`; false otherwise.
 */
export function advanceEtag(url: string, fromVersion: number, toVersion: number, data: unknown, total: number): boolean {
  const cached = etagCache.get(url);
  const m = cached && /^(W\/)?"(\d+)-([^"]*)"$/.exec(cached.etag);
  if (!cached || !m || Number(m[2]) !== fromVersion) return false;
  etagCache.set(url, { etag: `${m[1] ?? ""}"${toVersion}-${m[3]}"`, data, total: cached.total === null ? null : total });
  return true;
}

export function clearApiCaches(): void {
  etagCache.clear();
}
