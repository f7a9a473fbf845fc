// What an integrations list shows besides its rows (ui.md: every screen's states):
// a spinner while it loads, the failure with Try again, the empty sentence with
// what to do next; else the rows.
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";

export function ListStates({
  query,
  loading,
  failure,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: unknown; refetch: () => unknown };
  /** the spinner's label, e.g. "Loading webhooks" */
  loading: string;
  /** e.g. "Could not load the webhooks." */
  failure: string;
  /** the empty sentence and what to do next */
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError && !query.data)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <span>{failure}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (isEmpty) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{empty}</p>;
  return <>{children}</>;
}
