// The app's routes. Signed out: /register, /reset-password, /login; anything else
// shows the login page. Signed in: /, /admin and /insight (staff only, else 404), /guide,
// /register, /user-guide, /saved-searches, /company, /invoices, /claims, /scorecard, /trucks; anything else the
// 404 page. While the current user loads, a spinner with "Loading...".
import { lazy, Suspense, useEffect, useRef } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { useAuth } from "../lib/use-auth";
import { homePathFor } from "../features/auth/api/login";
import { showFlashToast } from "../features/auth/flash-toast";
import { Spinner } from "../components/ui/spinner";
import { Header } from "../components/header";
import { NotFoundPage } from "../components/not-found-page";
import { BoardShell } from "../features/board/board-shell";
import { useLiveUpdates } from "../lib/live";
import { forgetSignedInData } from "../lib/session-guard";

// each page is its own chunk: a signed-out visitor never loads the board, a carrier
// never loads the forms of the signed-out pages (first-load JS ≤ 170 KB gzipped)
const loadBoardPage = () => import("../features/board/board-page");
type BoardModule = Awaited<ReturnType<typeof loadBoardPage>>;
let boardModule: BoardModule | undefined;
/** The board's chunk fetched ahead (a server-drawn board): then the app's first render draws it at once, with no fallback between. */
export const preloadBoardPage = () => loadBoardPage().then((m) => void (boardModule = m));
// a thenable that answers at once when the chunk is here, so lazy() does not suspend
const BoardPage = lazy(() => (boardModule ? ({ then: (ok: (m: BoardModule) => void) => ok(boardModule!) } as unknown as Promise<BoardModule>) : loadBoardPage()));
const LoginPage = lazy(() => import("../features/auth/login-page"));
const RegisterPage = lazy(() => import("../features/auth/register-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page"));

// the admin code is split off the carrier's path (first-load JS ≤ 170 KB gzipped)
const AdminPage = lazy(() => import("../features/admin/admin-page"));
// the staff insight page and its chart library: never on the carrier's path
const InsightPage = lazy(() => import("../features/insight/insight-page"));
const GuidePage = lazy(() => import("../features/guide/guide-page"));
const SavedSearchesPage = lazy(() => import("../features/saved-searches/saved-searches-page"));
const CompanyPage = lazy(() => import("../features/companies/company-page"));
const MyInvoicesPage = lazy(() => import("../features/invoices/my-invoices-page"));
const MyClaimsPage = lazy(() => import("../features/claims/my-claims-page"));
const TrucksPage = lazy(() => import("../features/trucks/trucks-page"));
const NetworkScorecardPage = lazy(() => import("../features/scorecards/network-scorecard-page"));
const UserGuidePage = lazy(() => import("../features/guide/user-guide-page"));

function SkipLink() {
  return (
    <a
      href="#main-content"
      onClick={(e) => {
        // pages render their own <main>; focus whichever is there
        const main = document.querySelector<HTMLElement>("main");
        if (!main) return;
        e.preventDefault();
        if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
        main.focus();
      }}
      className="sr-only z-50 rounded-md bg-white px-4 py-3 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      Skip to main content
    </a>
  );
}

function PageLoading() {
  return (
    <main id="main-content">
      <Spinner label="Loading..." className="min-h-[50vh]" />
    </main>
  );
}

export function App() {
  const { isLoading, isAuthenticated, isStaff, user } = useAuth();
  // the board's first paint (LCP): on the board's path the header and the board's heading are drawn at
  // once, with the "Loading..." spinner under them, not after the user and the board's code
  const [location] = useLocation();
  const onBoard = location === "/";

  // a toast carried over a full-page redirect (logout)
  useEffect(() => showFlashToast(), []);
  // server change notices make open boards refetch at once; polling stays the fallback
  useLiveUpdates(isAuthenticated);
  // signed out under us (another tab, an expired session, Back after logout): nothing
  // of the previous user stays in the query cache
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (wasSignedIn.current && !isAuthenticated && !isLoading) forgetSignedInData();
    if (!isLoading) wasSignedIn.current = isAuthenticated;
  }, [isAuthenticated, isLoading]);

  if (isLoading && !onBoard) {
    return (
      <main id="main-content">
        <Spinner label="Loading..." className="min-h-screen" />
      </main>
    );
  }

  return (
    <>
      <SkipLink />
      <Header />
      {isLoading ? (
        <BoardShell />
      ) : isAuthenticated ? (
        <Suspense fallback={onBoard ? <BoardShell /> : <PageLoading />}>
          <Switch>
            <Route path="/" component={BoardPage} />
            <Route path="/admin">{isStaff ? <AdminPage /> : <NotFoundPage />}</Route>
            <Route path="/insight">{isStaff ? <InsightPage /> : <NotFoundPage />}</Route>
            <Route path="/guide" component={GuidePage} />
            <Route path="/saved-searches" component={SavedSearchesPage} />
            <Route path="/company" component={CompanyPage} />
            <Route path="/invoices" component={MyInvoicesPage} />
            <Route path="/claims" component={MyClaimsPage} />
            <Route path="/trucks" component={TrucksPage} />
            <Route path="/scorecard" component={NetworkScorecardPage} />
            <Route path="/user-guide" component={UserGuidePage} />
            <Route path="/register" component={RegisterPage} />
            {/* a reset link opened while signed in still works (it may be for another account) */}
            <Route path="/reset-password" component={ResetPasswordPage} />
            {/* just signed in, or a bookmark: the sign-in page has nothing for a signed-in user */}
            <Route path="/login">
              <Redirect to={homePathFor(user)} replace />
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path="/register" component={RegisterPage} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route component={LoginPage} />
          </Switch>
        </Suspense>
      )}
    </>
  );
}
