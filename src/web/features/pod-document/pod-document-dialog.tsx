// Proof of Delivery dialog, "Generate POD": titled with the load
// number, an explanation, Print POD (browser print) and Close, then the
// printable document. Only the document prints (styles.css + pod-print.css).
import { Printer } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { useProductName } from "./api";
import { PodDocument } from "./pod-document";
import "./pod-print.css";

export interface PodDocumentDialogProps {
  load: Load;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PodDocumentDialog({ load, open, onOpenChange }: PodDocumentDialogProps) {
  const productName = useProductName();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Proof of Delivery - Load #${load.loadNumber}`}
      className="pod-print-dialog sm:max-w-4xl!"
    >
      <p className="mb-3 text-sm text-slate-700">
        Print this document and keep it with the load. Have it signed at collection and at delivery, then take a photo or scan of
        the signed copy and upload it with Complete POD.
      </p>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" />
          Print POD
        </Button>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
      <PodDocument load={load} productName={productName} />
    </Dialog>
  );
}
