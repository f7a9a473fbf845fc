// A photo of paperwork made small enough for one bar of signal and still
// readable (each page downscaled and compressed to a readable ≤ 1 MB). A 12-megapixel camera photo (4000×3000, 3–6 MB) becomes a
// JPEG whose long side is at most 2200 px — about 190 dots per inch across an A4
// page, where 10-point print is ~20 px tall — at quality 0.72; if that is still
// over the budget (a busy, noisy page), quality and then size step down.
export const PAGE_MAX_BYTES = 1_000_000;
/** aim below the budget: the PDF around the pages adds a little */
const PAGE_TARGET_BYTES = 900_000;
const LONG_SIDE_PX = 2200;
const QUALITIES = [0.72, 0.62, 0.52] as const;

export interface PagePhoto {
  id: string;
  /** image/jpeg */
  blob: Blob;
  width: number;
  height: number;
  /** what the driver picked, for the list ("IMG_2041.jpg") */
  name: string;
}

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("This photo could not be read."))), "image/jpeg", quality));

export async function compressPhoto(file: Blob, name = "photo.jpg"): Promise<PagePhoto> {
  // the camera's EXIF orientation applied, so a page shot upright stays upright
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    let scale = Math.min(1, LONG_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    for (;;) {
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("This photo could not be read.");
      // white under a transparent PNG, not JPEG's black
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(bitmap, 0, 0, width, height);
      for (const q of QUALITIES) {
        const blob = await toBlob(canvas, q);
        if (blob.size <= PAGE_TARGET_BYTES) return { id: crypto.getRandomValues(new Uint32Array(2)).join("-"), blob, width, height, name };
      }
      canvas.width = canvas.height = 0; // free the pixels before the next try
      scale *= 0.8;
    }
  } finally {
    bitmap.close();
  }
}
