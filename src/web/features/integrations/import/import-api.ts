// Sending a load import file: the file's bytes as the
// text/csv body of POST /api/loads/import, by XMLHttpRequest because fetch cannot
// report upload progress (the dialog's progress bar). Cookies go with it
// (same origin); the server checks the Origin of a state-changing call as usual.
import { IMPORT_PATH, type ImportError, type ImportResult } from "@contract/schemas/load-import";

export interface ImportAnswer {
  status: number;
  /** the import's answer (200, 201, or 400 with the errors), when the server gave one */
  result?: ImportResult;
  /** the server's error message otherwise (401, 403, 413 …) */
  error?: string;
}

export function sendImportFile(file: Blob, opts: { dryRun: boolean; onProgress: (fraction: number) => void; signal?: AbortSignal }): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", opts.dryRun ? `${IMPORT_PATH}?dryRun=true` : IMPORT_PATH);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => opts.onProgress(1);
    xhr.onload = () => {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      if (body && Array.isArray(body.errors) && typeof body.valid === "boolean") {
        resolve({ status: xhr.status, result: body as unknown as ImportResult });
      } else {
        resolve({ status: xhr.status, error: typeof body?.error === "string" ? body.error : `${xhr.status}: ${xhr.statusText || "The file could not be sent"}` });
      }
    };
    xhr.onerror = () => reject(new Error("The file could not be sent: check the connection and try again."));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(file);
  });
}

/** "File" for the file as a whole; otherwise the row as the spreadsheet numbers it (the header is row 1). */
export const rowLabel = (e: ImportError): string => (e.row === 0 && e.field === "file" ? "File" : e.row === 0 ? "1 (header)" : String(e.sheetRow));
