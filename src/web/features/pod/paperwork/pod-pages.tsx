// The signed paperwork of the Complete POD dialog, photographed page by page
// (the upload takes PDF/JPG/PNG ≤ 10 MB). "Take a photo" opens the rear camera (capture="environment"); each
// photo is made small at once (compress.ts) and shown, so a blurred page can be
// taken again before anything is sent. At a desk "Choose file" takes photos or
// scans (as pages) or one finished PDF as it is. Nothing uploads here: on
// Submit the pages become one PDF (build-pdf.ts) that goes with the POD.
import { useEffect, useId, useRef, useState } from "react";
import { Camera, FileText, RotateCcw, Trash2, Upload } from "lucide-react";
import { UPLOAD_MAX_BYTES } from "@contract/constants";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ACCEPT, fileId, UPLOAD_MESSAGES } from "../../../lib/upload";
import { compressPhoto, type PagePhoto } from "./compress";

export const MAX_PAGES = 10;
export const PAGES_MESSAGES = {
  tooManyPages: `You can add up to ${MAX_PAGES} pages`,
  unreadable: (name: string) => `${name} could not be read as a photo. Please take it again.`,
} as const;

export interface PodPaperwork {
  pages: (PagePhoto & { source?: string })[];
  document: File | null;
}

export const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const isImage = (f: File) => (f.type ? f.type === "image/jpeg" || f.type === "image/png" || f.type.startsWith("image/") : /\.(jpe?g|png)$/i.test(f.name));
const isPdf = (f: File) => f.type === "application/pdf" || (!f.type && /\.pdf$/i.test(f.name));

function Thumb({ blob, alt }: { blob: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url ? <img src={url} alt={alt} className="h-28 w-24 shrink-0 rounded border border-slate-200 bg-white object-contain" /> : <div className="h-28 w-24 shrink-0 rounded bg-slate-100" />;
}

export function PodPages({ value, onChange, existingUrl, disabled }: { value: PodPaperwork; onChange: (v: PodPaperwork) => void; existingUrl?: string | null; disabled?: boolean }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  /** the page a Retake replaces (null: the photo is a new page) */
  const retake = useRef<number | null>(null);
  // the latest value for the async handlers below
  const current = useRef(value);
  current.current = value;

  const addFiles = async (files: File[], replace: number | null) => {
    setError(null);
    if (files.length === 0) return;
    const pdfs = files.filter(isPdf);
    if (pdfs.length > 0) {
      if (files.length > 1) return setError(UPLOAD_MESSAGES.tooMany);
      if (pdfs[0].size > UPLOAD_MAX_BYTES) return setError(UPLOAD_MESSAGES.tooLarge(pdfs[0].name));
      return onChange({ pages: [], document: pdfs[0] });
    }
    if (!files.every(isImage)) return setError(UPLOAD_MESSAGES.wrongType);
    const have = current.current.pages;
    for (const f of files) if (have.some((p, i) => i !== replace && p.source === fileId(f))) return setError(UPLOAD_MESSAGES.duplicate(f.name));
    if (replace === null && have.length + files.length > MAX_PAGES) return setError(PAGES_MESSAGES.tooManyPages);
    setPreparing(true);
    try {
      const made: PodPaperwork["pages"] = [];
      for (const f of files) {
        try {
          made.push({ ...(await compressPhoto(f, f.name)), source: fileId(f) });
        } catch {
          setError(PAGES_MESSAGES.unreadable(f.name));
        }
      }
      const pages = [...current.current.pages];
      if (replace !== null && made[0]) pages[replace] = made[0];
      else pages.push(...made);
      // a photo after a chosen PDF starts the paperwork over as pages
      onChange({ pages, document: null });
    } finally {
      setPreparing(false);
    }
  };

  const remove = (i: number) => onChange({ ...value, pages: value.pages.filter((_, j) => j !== i) });
  const total = value.document ? value.document.size : value.pages.reduce((n, p) => n + p.blob.size, 0);
  const busy = disabled || preparing;

  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend className="text-base font-semibold text-slate-900">Signed paperwork</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Photograph each page of the signed paperwork (up to {MAX_PAGES}); they are sent as one PDF. Or choose one PDF, JPG or PNG file, up to 10 MB.
      </p>
      {existingUrl && value.pages.length === 0 && !value.document && (
        <p className="text-sm text-slate-700">
          Paperwork already attached.{" "}
          <a href={existingUrl} className="font-medium text-brand-700 underline underline-offset-2" download>
            Download current file
          </a>
        </p>
      )}

      {value.pages.length > 0 && (
        <ol className="space-y-2" aria-label="Pages">
          {value.pages.map((p, i) => (
            <li key={p.id} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
              <Thumb blob={p.blob} alt={`Page ${i + 1}`} />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="text-sm font-medium text-slate-900">Page {i + 1}</p>
                <p className="truncate text-xs text-slate-600">
                  {sizeText(p.blob.size)} · {p.width}×{p.height}
                </p>
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    aria-label={`Retake page ${i + 1}`}
                    onClick={() => {
                      retake.current = i;
                      camera.current?.click();
                    }}
                  >
                    <RotateCcw className="h-4 w-4" aria-hidden="true" />
                    Retake
                  </Button>
                  <Button variant="ghost" size="sm" disabled={busy} aria-label={`Remove page ${i + 1}`} onClick={() => remove(i)}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Remove
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {value.document && (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
          <FileText className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
            {value.document.name} <span className="font-normal text-slate-600">· {sizeText(value.document.size)}</span>
          </p>
          <Button variant="ghost" size="sm" disabled={busy} aria-label={`Remove ${value.document.name}`} onClick={() => onChange({ pages: [], document: null })}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
      {preparing && <Spinner label="Preparing the page..." className="justify-start py-1" />}

      <div className="flex flex-col gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-center">
        <Button
          variant="primary"
          className="w-full sm:hidden"
          disabled={busy || value.pages.length >= MAX_PAGES}
          onClick={() => {
            retake.current = null;
            camera.current?.click();
          }}
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          {value.pages.length > 0 ? "Add a page" : "Take a photo"}
        </Button>
        <Button variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={() => chooser.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Choose file
        </Button>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label="Take a photo of the signed paperwork"
          onChange={(e) => {
            void addFiles(Array.from(e.target.files ?? []), retake.current);
            retake.current = null;
            e.target.value = "";
          }}
        />
        <input
          ref={chooser}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose signed paperwork file"
          onChange={(e) => {
            void addFiles(Array.from(e.target.files ?? []), null);
            e.target.value = "";
          }}
        />
      </div>
      {(value.pages.length > 0 || value.document) && (
        <p className="text-sm text-slate-700" aria-live="polite">
          {value.document ? "1 file" : `${value.pages.length} ${value.pages.length === 1 ? "page" : "pages"}`}, {sizeText(total)} to send
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
