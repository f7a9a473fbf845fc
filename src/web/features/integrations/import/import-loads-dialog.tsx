// Import loads from a CSV file, staff: download the
// template, choose a file (it is checked at once: a dry run, with the upload's
// progress), read the errors by row and field, fix the file and choose it again,
// then "Import N loads" (all or none). The loads list refreshes on success.
import { useEffect, useId, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Download, FileUp, TriangleAlert, CircleCheck } from "lucide-react";
import { IMPORT_TEMPLATE_PATH, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportResult } from "@contract/schemas/load-import";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { rowLabel, sendImportFile } from "./import-api";

type Phase =
  | { kind: "idle" }
  | { kind: "sending"; dryRun: boolean; progress: number }
  | { kind: "checked"; result: ImportResult }
  | { kind: "failed"; message: string };

/** errors listed at most (a file of 5,000 bad rows would make a table no one reads) */
const SHOWN = 500;
const n = (x: number) => x.toLocaleString("en-GB");
const loadsWord = (x: number) => `${n(x)} ${x === 1 ? "load" : "loads"}`;

export function ImportLoadsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const qc = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // a fresh dialog each time it opens; a request still running is dropped when it closes
  useEffect(() => {
    if (open) {
      setFile(null);
      setPhase({ kind: "idle" });
    }
    return () => abort.current?.abort();
  }, [open]);

  async function send(f: File, dryRun: boolean) {
    if (f.size > MAX_IMPORT_BYTES) {
      setPhase({ kind: "failed", message: `The file is ${n(Math.ceil(f.size / 1_048_576))} MB: at most ${n(MAX_IMPORT_BYTES / 1_048_576)} MB can be imported at once.` });
      return;
    }
    abort.current?.abort();
    const ctl = (abort.current = new AbortController());
    setPhase({ kind: "sending", dryRun, progress: 0 });
    try {
      const answer = await sendImportFile(f, { dryRun, signal: ctl.signal, onProgress: (p) => setPhase({ kind: "sending", dryRun, progress: p }) });
      if (ctl.signal.aborted) return;
      if (answer.status === 201 && answer.result) {
        await Promise.all([qc.invalidateQueries({ queryKey: ["/api/loads"] }), qc.invalidateQueries({ queryKey: ["/api/stats"] })]);
        toast.success("Loads imported", `${loadsWord(answer.result.created)} added to the board.`);
        onOpenChange(false);
        return;
      }
      if (answer.result) setPhase({ kind: "checked", result: answer.result });
      else setPhase({ kind: "failed", message: answer.error ?? "The file could not be checked. Please try again." });
    } catch (err) {
      if ((err as Error).name === "AbortError") return;
      setPhase({ kind: "failed", message: (err as Error).message });
    }
  }

  function choose(f: File | null) {
    setFile(f);
    if (f) void send(f, true);
    else setPhase({ kind: "idle" });
  }

  const result = phase.kind === "checked" ? phase.result : null;
  const ready = result?.valid && file;
  const sending = phase.kind === "sending";

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-3xl"
      title="Import loads from CSV"
      description={`One load a row, at most ${n(MAX_IMPORT_ROWS)} rows. The file is checked first; nothing is added until you import, and then every row or none.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!ready || sending} loading={sending && !phase.dryRun} onClick={() => file && void send(file, false)}>
            <FileUp className="h-4 w-4" aria-hidden="true" />
            {result?.valid ? `Import ${loadsWord(result.rows)}` : "Import loads"}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          The first row names the columns: the load&rsquo;s fields, as in the template (pickupCity, pickupZip, pickupDate as 31/12/2026 or 2026-12-31 …). Leave the
          distance empty to have it worked out from the postcodes.{" "}
          <a href={IMPORT_TEMPLATE_PATH} download className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 underline sm:min-h-0">
            <Download className="h-4 w-4" aria-hidden="true" />
            Download the template
          </a>
        </p>

        <div>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
            CSV file
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={sending}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            onClick={(e) => {
              // choosing the same (fixed) file again checks it again
              (e.target as HTMLInputElement).value = "";
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 sm:file:min-h-9"
          />
        </div>

        {sending && <Progress dryRun={phase.dryRun} progress={phase.progress} />}

        {phase.kind === "failed" && (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {phase.message}
          </p>
        )}

        {result && <Outcome result={result} />}
      </div>
    </Dialog>
  );
}

/** Upload progress, then "checking" while the server reads the rows. */
function Progress({ dryRun, progress }: { dryRun: boolean; progress: number }) {
  const uploaded = progress >= 1;
  const label = uploaded ? (dryRun ? "Checking every row…" : "Importing…") : `Sending the file… ${Math.round(progress * 100)}%`;
  return (
    <div>
      <div
        role="progressbar"
        aria-label={dryRun ? "Checking the file" : "Importing the loads"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploaded ? undefined : Math.round(progress * 100)}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={uploaded ? "h-full w-full animate-pulse bg-brand-600" : "h-full bg-brand-600 transition-[width]"} style={uploaded ? undefined : { width: `${progress * 100}%` }} />
      </div>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

function Outcome({ result }: { result: ImportResult }) {
  if (result.valid) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {`All ${loadsWord(result.rows)} in the file are ready to import.`}
      </p>
    );
  }
  const rowsWithErrors = new Set(result.errors.filter((e) => e.row > 0).map((e) => e.row)).size;
  const summary = `${n(result.errors.length)} ${result.errors.length === 1 ? "problem" : "problems"}${rowsWithErrors ? ` in ${n(rowsWithErrors)} of ${n(result.rows)} rows` : ""}. Nothing has been imported: fix the file and choose it again.`;
  return (
    <div className="space-y-2">
      <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {summary}
      </p>
      {/* scrolls inside itself on a phone and past a few dozen errors; the header row stays in view */}
      <div className="max-h-72 overflow-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label="Problems in the file">
        <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
          <caption className="sr-only">Problems in the file, by row and column</caption>
          <thead className="sticky top-0 bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Column
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {result.errors.slice(0, SHOWN).map((e, i) => (
              <tr key={i} className="border-t border-slate-200 align-top">
                <td className="px-3 py-2 tabular-nums">{rowLabel(e)}</td>
                <td className="px-3 py-2">
                  <code className="text-xs">{e.field}</code>
                </td>
                <td className="px-3 py-2">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.errors.length > SHOWN && <p className="text-sm text-slate-600">{`The first ${n(SHOWN)} are shown; fix these and check the file again for the rest.`}</p>}
    </div>
  );
}
