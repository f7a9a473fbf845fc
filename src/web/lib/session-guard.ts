// Back after logout on a shared yard PC. Logging out is a full page
// load of /login, and the browser may keep the signed-in page, as it was, in its
// back/forward cache: Back would show the previous user's board, name and earnings
// without asking the server anything (`Cache-Control` on the app shell does not
// stop that on its own). So a page shown again from that cache asks who is signed
// in before it shows anything: the same person gets fresh data, anyone else a
// fresh page (the sign-in page when signed out) and an empty cache.
import type { User } from "@contract/schemas/user";
import { clearApiCaches, getOrNullOn401 } from "./api";
import { AUTH_USER_KEY, queryClient } from "./query-client";

/** On <html>: the app is hidden (styles.css) until the session has been checked again. */
const CHECKING = "session-check";

/** Logout calls this before leaving, so the page the cache keeps is blank from its first frame. */
export function hideUntilSessionChecked(): void {
  document.documentElement.classList.add(CHECKING);
}

function show(): void {
  document.documentElement.classList.remove(CHECKING);
}

/** Every cached answer but who is signed in (the app's own 401 handling, and logout, use it too). */
export function forgetSignedInData(): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY[0] });
  clearApiCaches();
}

export async function recheckSession(): Promise<void> {
  hideUntilSessionChecked();
  const before = queryClient.getQueryData<User | null>(AUTH_USER_KEY) ?? null;
  let now: User | null;
  try {
    now = await getOrNullOn401<User>("/api/auth/user");
  } catch {
    // cannot tell (offline, server down): on a shared PC the safe answer is signed out
    now = null;
  }
  if (now && before && now.id === before.id) {
    // the same person came back: show their page and refresh what it shows
    show();
    void queryClient.invalidateQueries();
    return;
  }
  if (now) {
    // someone else signed in since (another tab): start clean as them
    forgetSignedInData();
    window.location.reload();
    return;
  }
  // signed out: the sign-in page, loaded afresh in place of this entry, so nothing of
  // the previous user is kept in memory (the page stays blank until it is there)
  queryClient.clear();
  clearApiCaches();
  window.location.replace("/login");
}

/** Once, at start-up: re-check the session whenever the page comes back from the back/forward cache. */
export function installSessionGuard(): void {
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) void recheckSession();
  });
}
