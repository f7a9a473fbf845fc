// Help (the header's Help button): the carrier portal user guide PDF in a frame, with Open in
// New Tab, Download, Close, View User Guide and Download PDF, and the data sources'
// attributions. Signed out, the HTML guide is not reachable, so View User
// Guide opens the PDF instead.
import { Dialog } from "radix-ui";
import { BookOpen, ChevronRight, Download, ExternalLink } from "lucide-react";
import { Button } from "./ui/button";
import { WideDialog } from "./ui/wide-dialog";
import { GUIDE_VERSION_LINE, USER_GUIDE_DOWNLOAD_NAME, USER_GUIDE_PDF_URL } from "../features/guide/guide-content";
import { DataSources } from "../features/guide/data-sources";

const linkButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2";
const outline = `${linkButton} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`;
const primary = `${linkButton} bg-brand-800 text-white hover:bg-brand-900`;

export function HelpDialog({
  open,
  onOpenChange,
  signedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
}) {
  const guideHref = signedIn ? "/user-guide" : USER_GUIDE_PDF_URL;
  // starts on View User Guide (marked data-autofocus), not the ✕; back to Help on close
  return (
    <WideDialog
      open={open}
      onOpenChange={onOpenChange}
      size="page"
      title="Carrier Portal User Guide"
      description={<>How to find, accept and bid on loads and complete proof of delivery. {GUIDE_VERSION_LINE}.</>}
    >
      <div className="flex flex-col gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">Read the guide as a web page, or keep the PDF for later.</p>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <a href={guideHref} target="_blank" rel="noopener" className={primary} data-autofocus>
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            View User Guide
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <a href={USER_GUIDE_PDF_URL} download={USER_GUIDE_DOWNLOAD_NAME} className={outline}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download PDF
          </a>
        </div>
      </div>

      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto bg-slate-100 p-2 sm:p-4">
        {/* only mounted while open, so the PDF is fetched on demand */}
        <iframe
          title="Carrier portal user guide (PDF)"
          src={USER_GUIDE_PDF_URL}
          className="min-h-[45vh] w-full flex-1 rounded-md border border-slate-300 bg-white"
        />
        <p className="mt-2 text-xs text-slate-600">Guide not showing? Some phones cannot preview PDFs here: use Open in New Tab or Download.</p>
        {/* the attributions the postcode data's licences require (OGL, CC BY) */}
        <details className="group mt-1 text-xs text-slate-600">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 font-medium text-slate-700 hover:text-slate-900 [&::-webkit-details-marker]:hidden">
            <ChevronRight className="h-3.5 w-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
            Data sources
          </summary>
          <div className="pb-1">
            <DataSources />
          </div>
        </details>
      </div>

      <div className="grid grid-cols-2 gap-2 border-t border-slate-200 p-3 sm:flex sm:justify-end sm:p-4">
        <Dialog.Close asChild>
          <Button variant="outline" className="order-last col-span-2 sm:order-none">
            Close
          </Button>
        </Dialog.Close>
        <a href={USER_GUIDE_PDF_URL} download={USER_GUIDE_DOWNLOAD_NAME} className={outline}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download
        </a>
        <a href={USER_GUIDE_PDF_URL} target="_blank" rel="noopener" className={outline}>
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          Open in New Tab
        </a>
      </div>
    </WideDialog>
  );
}
