// A paperwork file field that uploads at once (one file ≤ 10 MB, PDF/JPG/PNG;
// a message for each refusal; retries after 0, 1, 3 and 5 s): a carrier in a cab takes a
// photo with the phone camera; in the office one chooses or drops a file. A
// progress bar while it goes, Retry when it failed; the form then sends the
// objectPath it was stored under. Its words default to the signed POD
// paperwork; a company's documents pass their own.
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type DragEvent } from "react";
import { Camera, CheckCircle2, FileText, RotateCcw, Upload, WifiOff, X } from "lucide-react";
import { UPLOAD_RETRY_DELAYS_MS } from "@contract/constants";
import { Button } from "./ui/button";
import { cn } from "../lib/cn";
import { ACCEPT, checkSelection, refusesFile, UPLOAD_MESSAGES, uploadPaperwork, UploadError } from "../lib/upload";

type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; file: File; progress: number; attempt: number }
  | { kind: "done"; file: File; objectPath: string }
  | { kind: "failed"; file: File; message: string };

export interface PaperworkUploadProps {
  /** told the objectPath once the file is stored, null when removed */
  onChange: (objectPath: string | null) => void;
  /** true while a file is on its way (the dialog holds Submit until it is done) */
  onBusyChange: (busy: boolean) => void;
  /** the paperwork already attached to the load, if any */
  existingUrl?: string | null;
  disabled?: boolean;
  /** the words of the field, for another paperwork than the POD's (a company's insurance: features/companies) */
  labels?: PaperworkUploadLabels;
  /** where the upload URL is asked for (default POST /api/objects/upload; a pending applicant's: /api/registration/upload) */
  ticketUrl?: string;
}

export interface PaperworkUploadLabels {
  legend: string;
  hint: string;
  /** accessible name of the camera input */
  camera: string;
  /** accessible name of the file input */
  choose: string;
}

const POD_LABELS: PaperworkUploadLabels = {
  legend: "Signed paperwork",
  hint: "One PDF, JPG or PNG file, up to 10 MB. On a phone, take a photo of the signed paperwork.",
  camera: "Take a photo of the signed paperwork",
  choose: "Choose signed paperwork file",
};

function subscribeOnline(cb: () => void) {
  window.addEventListener("online", cb);
  window.addEventListener("offline", cb);
  return () => {
    window.removeEventListener("online", cb);
    window.removeEventListener("offline", cb);
  };
}
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function PaperworkUpload({ onChange, onBusyChange, existingUrl, disabled, labels = POD_LABELS, ticketUrl }: PaperworkUploadProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const online = useOnline();
  const abort = useRef<AbortController | null>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // stop an upload in flight when the dialog closes
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setError(null);
      onChange(null);
      onBusyChange(true);
      setState({ kind: "uploading", file, progress: 0, attempt: 1 });
      try {
        const objectPath = await uploadPaperwork(file, {
          ticketUrl,
          signal: controller.signal,
          onProgress: (p) => setState((s) => (s.kind === "uploading" && s.file === file ? { ...s, progress: p } : s)),
          onRetry: (attempt) => setState((s) => (s.kind === "uploading" && s.file === file ? { ...s, progress: 0, attempt: attempt + 1 } : s)),
        });
        if (controller.signal.aborted) return;
        setState({ kind: "done", file, objectPath });
        onChange(objectPath);
      } catch (e) {
        if ((e as Error).name === "AbortError") return;
        // the server's message when it gave one ("Storage is full — please try again later")
        const message = e instanceof UploadError ? e.message : UPLOAD_MESSAGES.failed(file.name);
        // a refusal of the file (wrong type, too large) is final: no file kept, no retry offered;
        // storage full or unreachable keeps the file with Retry upload
        if (refusesFile(e)) setState({ kind: "idle" });
        else setState({ kind: "failed", file, message });
        setError(message);
      } finally {
        if (abort.current === controller) onBusyChange(false);
      }
    },
    [onChange, onBusyChange, ticketUrl],
  );

  const select = (files: File[]) => {
    const current = state.kind === "idle" ? null : state.file;
    const checked = checkSelection(files, current);
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    void start(checked.file);
  };

  const remove = () => {
    abort.current?.abort();
    abort.current = null;
    onBusyChange(false);
    onChange(null);
    setState({ kind: "idle" });
    setError(null);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) select(Array.from(e.dataTransfer.files));
  };

  const busy = state.kind === "uploading";
  const pct = state.kind === "uploading" ? Math.round(state.progress * 100) : state.kind === "done" ? 100 : 0;

  return (
    <fieldset className="space-y-3" aria-describedby={`${hintId}${error ? ` ${errorId}` : ""}`}>
      <legend className="text-base font-semibold text-slate-900">{labels.legend}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {labels.hint}
      </p>
      {existingUrl && state.kind === "idle" && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CheckCircle2 className="h-4 w-4 text-emerald-700" aria-hidden="true" />
          Paperwork already attached.{" "}
          <a href={existingUrl} className="font-medium text-brand-700 underline underline-offset-2" download>
            Download current file
          </a>
        </p>
      )}

      {!online && (
        <p role="status" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <WifiOff className="h-4 w-4" aria-hidden="true" />
          {UPLOAD_MESSAGES.offline}
        </p>
      )}

      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col gap-2 rounded-lg border-2 border-dashed p-3 sm:flex-row sm:items-center sm:justify-center sm:p-4",
          dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50",
        )}
      >
        {/* the camera on a phone (capture is ignored on a desktop, so the button shows on small screens only) */}
        <Button variant="primary" className="w-full sm:hidden" disabled={disabled || busy} onClick={() => cameraInput.current?.click()}>
          <Camera className="h-4 w-4" aria-hidden="true" />
          Take a photo
        </Button>
        <Button variant="outline" className="w-full sm:w-auto" disabled={disabled || busy} onClick={() => fileInput.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Choose file
        </Button>
        <span className="hidden text-sm text-slate-600 sm:inline">or drop it here</span>
        <input
          ref={cameraInput}
          type="file"
          accept={ACCEPT}
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label={labels.camera}
          onChange={(e) => {
            select(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={labels.choose}
          onChange={(e) => {
            select(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
      </div>

      {state.kind !== "idle" && (
        <div className="rounded-lg border border-slate-200 p-3">
          <div className="flex items-start gap-3">
            <FileText className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{state.file.name}</p>
              <p className="text-xs text-slate-600" aria-live="polite">
                {sizeText(state.file.size)}
                {" · "}
                {state.kind === "uploading" &&
                  (state.attempt > 1 ? `Retrying (attempt ${state.attempt} of ${UPLOAD_RETRY_DELAYS_MS.length + 1})… ${pct}%` : `Uploading… ${pct}%`)}
                {state.kind === "done" && "Uploaded"}
                {state.kind === "failed" && "Upload failed"}
              </p>
            </div>
            <Button variant="ghost" size="icon" onClick={remove} aria-label={`Remove ${state.file.name}`} disabled={disabled}>
              <X className="h-5 w-5" aria-hidden="true" />
            </Button>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={cn("h-full rounded-full transition-[width]", state.kind === "failed" ? "bg-red-600" : state.kind === "done" ? "bg-emerald-600" : "bg-brand-600")}
              style={{ width: `${state.kind === "failed" ? 100 : pct}%` }}
            />
          </div>
          {state.kind === "failed" && (
            <Button variant="outline" size="sm" className="mt-2 min-h-11" onClick={() => void start(state.file)} disabled={disabled}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Retry upload
            </Button>
          )}
        </div>
      )}

      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
