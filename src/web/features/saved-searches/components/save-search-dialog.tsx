// "Save this search": a name and an alert setting for the board's
// current filters; the same dialog renames a saved search or changes its alert.
import { useEffect, useId, useState, type FormEvent } from "react";
import { LANE_ALERTS, LANE_ALERT_LABELS, queryToSavedFilters, type LaneAlert, type SavedSearchFilters } from "@contract/schemas/saved-search";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/format";
import { useCreateSavedSearch, useUpdateSavedSearch } from "../api";
import { describeFilters } from "../describe-filters";
import { nameHint, nameProblem, suggestedName } from "../search-name";

export function SaveSearchDialog({
  open,
  onOpenChange,
  filters,
  editing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the filters to save (a new search) */
  filters?: SavedSearchFilters;
  /** a saved search to rename or re-alert */
  editing?: { id: string; name: string; alert: LaneAlert; filters: SavedSearchFilters };
}) {
  const id = useId();
  const create = useCreateSavedSearch();
  const update = useUpdateSavedSearch();
  const [name, setName] = useState("");
  const [alert, setAlert] = useState<LaneAlert>("instant");
  const [error, setError] = useState<string | null>(null);
  const shown = editing?.filters ?? filters ?? {};
  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? suggestedName(describeFilters(filters ?? {})));
    setAlert(editing?.alert ?? "instant");
    setError(null);
  }, [open, editing, filters]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = nameProblem(name);
    if (problem) return setError(problem);
    const done = {
      onSuccess: () => {
        toast.success(editing ? "Search updated" : "Search saved", alert === "off" ? "No alerts for it." : alert === "instant" ? "We'll tell you as soon as a matching load is posted." : "A daily email lists new matching loads.");
        onOpenChange(false);
      },
      onError: (err: unknown) => setError(errorMessage(err, "Could not save the search. Please try again.")),
    };
    if (editing) update.mutate({ id: editing.id, name: name.trim(), alert }, done);
    else create.mutate({ name: name.trim(), filters: filters ?? {}, alert }, done);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={editing ? "Edit saved search" : "Save this search"} description={describeFilters(shown)}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {/* no maxLength: a pasted long name is kept and its length named, never cut silently */}
        <Field label="Name" error={error ?? undefined} hint={nameHint(name)}>
          <Input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (error) setError(nameProblem(e.target.value));
            }}
            placeholder="e.g. Leeds to Bristol"
            autoComplete="off"
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Alerts</legend>
          {LANE_ALERTS.map((a) => (
            <label key={a} htmlFor={`${id}-${a}`} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input id={`${id}-${a}`} type="radio" name={`${id}-alert`} value={a} checked={alert === a} onChange={() => setAlert(a)} className="h-4 w-4" />
              {LANE_ALERT_LABELS[a]}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {editing ? "Save changes" : "Save search"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Save the board's current search: the filters read from the board's URL query
 * here, so the saved-search schema (zod) comes with this dialog, never with the board.
 */
export function SaveBoardSearchDialog({ urlQuery, ...rest }: { urlQuery: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return <SaveSearchDialog {...rest} filters={queryToSavedFilters(Object.fromEntries(new URLSearchParams(urlQuery)))} />;
}
