// The pages of a POD combined into one PDF on the phone (with a maintained
// library loaded only by the
// POD dialog: pdf-lib, imported from here and from nowhere on the first load).
// Each compressed JPEG is embedded as it is (no re-encoding) on an A4 page
// turned to the photo's orientation, fitted inside a small margin.
import { PDFDocument } from "pdf-lib";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 18;

export async function pagesToPdf(pages: { blob: Blob; width: number; height: number }[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator("Proof of delivery photographed on a phone");
  for (const p of pages) {
    const image = await doc.embedJpg(new Uint8Array(await p.blob.arrayBuffer()));
    const [w, h] = p.width > p.height ? [A4[1], A4[0]] : A4;
    const page = doc.addPage([w, h]);
    const scale = Math.min((w - 2 * MARGIN) / p.width, (h - 2 * MARGIN) / p.height);
    const dw = p.width * scale;
    const dh = p.height * scale;
    page.drawImage(image, { x: (w - dw) / 2, y: (h - dh) / 2, width: dw, height: dh });
  }
  return doc.save();
}
