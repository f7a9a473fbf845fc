// Saved searches: the signed-in user's searches with their alert
// setting; open one on the board, change its alert, rename or delete it.
import { useState } from "react";
import { Link } from "wouter";
import { Bell, BellOff, BellRing, Pencil, Search, Trash2 } from "lucide-react";
import { LANE_ALERTS, LANE_ALERT_LABELS, MAX_SAVED_SEARCHES, savedFiltersToQuery, type LaneAlert, type SavedSearch } from "@contract/schemas/saved-search";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/format";
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from "./api";
import { describeFilters } from "./describe-filters";
import { SaveSearchDialog } from "./components/save-search-dialog";

const ALERT_ICON = { instant: BellRing, daily: Bell, off: BellOff } as const;
const SHORT: Record<LaneAlert, string> = { instant: "Instant", daily: "Daily", off: "Off" };

function boardLink(s: SavedSearch): string {
  const q = new URLSearchParams(savedFiltersToQuery(s.filters)).toString();
  return q ? `/?${q}` : "/";
}

export default function SavedSearchesPage() {
  const list = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const items = list.data ?? [];

  const setAlert = (s: SavedSearch, alert: LaneAlert) =>
    update.mutate(
      { id: s.id, alert },
      {
        onSuccess: () => toast.success("Alerts updated", `${s.name}: ${LANE_ALERT_LABELS[alert]}`),
        onError: (err) => toast.error("Error", errorMessage(err, "Could not change the alert. Please try again.")),
      },
    );

  return (
    <main id="main-content" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Saved searches</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your lanes, and how you hear of new loads on them: at once, in a daily email on weekday mornings, or not at all. Up to {MAX_SAVED_SEARCHES}. Save a
          new one from the board with "Save this search".
        </p>
      </header>

      {list.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : list.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(list.error, "Could not load your saved searches.")}
        </p>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-800">No saved searches yet</p>
          <p className="mt-1 text-sm text-slate-600">Filter the board (for example pickup near your yard), then choose "Save this search".</p>
          <Link href="/" className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">
            <Search className="h-4 w-4" aria-hidden="true" />
            Go to the board
          </Link>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Saved searches">
          {items.map((s) => {
            const Icon = ALERT_ICON[s.alert];
            return (
              <li key={s.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <h2 className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">{s.name}</h2>
                    <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-600">{describeFilters(s.filters)}</p>
                    <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
                      <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
                      Alerts: {SHORT[s.alert]}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <label className="sr-only" htmlFor={`alert-${s.id}`}>
                      Alerts for {s.name}
                    </label>
                    <select
                      id={`alert-${s.id}`}
                      value={s.alert}
                      onChange={(e) => setAlert(s, e.target.value as LaneAlert)}
                      className="min-h-11 flex-1 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 sm:flex-none sm:text-sm"
                    >
                      {LANE_ALERTS.map((a) => (
                        <option key={a} value={a}>
                          {SHORT[a]} alerts
                        </option>
                      ))}
                    </select>
                    <Link href={boardLink(s)} className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50">
                      <Search className="h-4 w-4" aria-hidden="true" />
                      Open on board
                    </Link>
                    <Button variant="outline" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit
                    </Button>
                    <Button variant="outline" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`} className="text-red-700">
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <SaveSearchDialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} editing={editing ?? undefined} />
      <Dialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete saved search?"
        description={deleting ? `"${deleting.name}" and its alerts will be gone.` : undefined}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            loading={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast.success("Search deleted", deleting.name);
                  setDeleting(null);
                },
                onError: (err) => toast.error("Error", errorMessage(err, "Could not delete the search. Please try again.")),
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </main>
  );
}
