// The board's first screen as the server sends it: the server asks its own API, as the
// signed-in user, for what the board's first render reads (FIRST_SCREEN_CALLS), draws
// the page with it (first-screen-ssr.tsx, the app's own components) and embeds the
// answers in the page as JSON. The app puts them in its query cache under the keys its
// hooks use before its first render, so that render draws what the HTML showed (nothing
// moves) and asks the server for nothing again (the next poll of the loads is a 304).
// One list of calls and one seeding function for both sides, so they cannot drift.
import type { QueryClient } from "@tanstack/react-query";
import { BOARD_PAGE_SIZE } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import { rememberEtag } from "../../lib/api";
import { AUTH_USER_KEY } from "../../lib/query-client";
import { LOADS_KEY, STATS_KEY, loadsQueryString } from "../loads";
import { OWN_BIDS_KEY } from "../bids";
import { COMPLIANCE_ME_KEY } from "../booking-compliance";
import { EMPTY_FILTERS } from "./board-url";
import { FIRST_SCREEN_SCRIPT_ID } from "./first-screen-takeover";

/** The board's first page as it asks for it: no filters, soonest pickup first, one page. */
export const FIRST_PAGE_URL = `/api/loads${loadsQueryString({ ...EMPTY_FILTERS, limit: BOARD_PAGE_SIZE })}`;

export { FIRST_SCREEN_SCRIPT_ID };

/** What the board's first render reads, by the name the data carries it under. */
export const FIRST_SCREEN_CALLS = {
  user: { url: "/api/auth/user", key: AUTH_USER_KEY },
  config: { url: "/api/public-config", key: ["/api/public-config"] },
  loads: { url: FIRST_PAGE_URL, key: [...LOADS_KEY, "list", FIRST_PAGE_URL] },
  stats: { url: "/api/stats", key: STATS_KEY },
  bids: { url: "/api/user/bids", key: OWN_BIDS_KEY },
  compliance: { url: "/api/compliance/me", key: COMPLIANCE_ME_KEY },
} as const;

export type FirstScreenCall = keyof typeof FIRST_SCREEN_CALLS;

/** One answer of the API (200 only): its JSON, and for the loads the headers the app keeps. */
export interface FirstScreenAnswer {
  body: unknown;
  etag?: string | null;
  total?: number | null;
}

/** The answers the server got, by call; a call that did not answer 200 is left out (the app asks for it itself). */
export type FirstScreenData = Partial<Record<FirstScreenCall, FirstScreenAnswer>>;

/**
 * Put the server's answers in the query cache under the hooks' keys. Marked fresh for
 * a while, so mounting the board does not ask again; polling and live updates go on
 * as always. Returns how to end that grace.
 */
export function seedFirstScreen(qc: QueryClient, data: FirstScreenData, opts: { keepEtag?: boolean } = {}): () => void {
  const seeded: (readonly unknown[])[] = [];
  for (const name of Object.keys(FIRST_SCREEN_CALLS) as FirstScreenCall[]) {
    const answer = data[name];
    if (!answer) continue;
    const { key, url } = FIRST_SCREEN_CALLS[name];
    if (name === "loads") {
      const loads = answer.body as Load[];
      const total = answer.total ?? loads.length;
      qc.setQueryData(key, { loads, total });
      if (answer.etag && opts.keepEtag !== false) rememberEtag(url, answer.etag, loads, answer.total ?? null);
    } else {
      qc.setQueryData(key, answer.body);
    }
    qc.setQueryDefaults(key, { refetchOnMount: false });
    seeded.push(key);
  }
  return () => {
    for (const key of seeded) qc.setQueryDefaults(key, {});
  };
}

/** The page's embedded answers, or null when the page has none (any page but a server-drawn board). */
export function readFirstScreen(): FirstScreenData | null {
  const script = typeof document === "undefined" ? null : document.getElementById(FIRST_SCREEN_SCRIPT_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as FirstScreenData;
  } catch {
    return null;
  }
}
