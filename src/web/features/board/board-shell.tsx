// The board's first paint (Lighthouse LCP): the heading is the page's largest
// element, so it is drawn by the app's first render, before the current user and the
// board's chunk arrive, with the "Loading..." spinner shown while the signed-in user loads
// and card-shaped skeletons below it. BoardPage draws the same heading in the same place.
import { Spinner } from "../../components/ui/spinner";
import { useProductName } from "./use-product-name";

export function BoardHeading() {
  const productName = useProductName();
  return (
    <header>
      <h1 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">UK's Largest {productName}</h1>
      {/* two lines on a phone: there the room goes to the first load card */}
      <p className="hidden text-sm text-slate-600 sm:block">Browse, bid on and accept flatbed loads across the UK.</p>
    </header>
  );
}

/** The board's `main`: tight spacing, so the first screen reaches the first load card. */
export const BOARD_MAIN = "mx-auto w-full max-w-6xl space-y-2 px-4 py-2 sm:space-y-4 sm:px-6 sm:py-5";

/** `main` as BoardPage lays it out, with the heading and skeletons (ui.md: loading states). */
export function BoardShell() {
  return (
    <main id="main-content" className={BOARD_MAIN}>
      <BoardHeading />
      <Spinner label="Loading..." className="py-4" />
      <div className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-44 animate-pulse rounded-xl border border-slate-200 bg-white" />
        ))}
      </div>
    </main>
  );
}
