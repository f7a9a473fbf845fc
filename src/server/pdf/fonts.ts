// The fonts every PDF of ours draws with: DejaVu Sans Condensed,
// shipped in assets/fonts with its licence, embedded by pdfkit (only the glyphs a
// document uses), so Welsh names (ŵ, ŷ) and the rest of Latin, Greek and Cyrillic
// print as written. Condensed: its widths are within a few percent of Helvetica's,
// which the layouts were drawn for. Nothing outside the repository is read.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { FONTS_DIR } from "../lib/paths";

/** The names registerFonts gives the fonts: use them with doc.font(). */
export const BODY = "Body";
export const BOLD = "Bold";
export const ITALIC = "Italic";

const FILES: Record<string, string> = {
  [BODY]: "DejaVuSansCondensed.ttf",
  [BOLD]: "DejaVuSansCondensed-Bold.ttf",
  [ITALIC]: "DejaVuSansCondensed-Oblique.ttf",
};

let loaded: Map<string, Buffer> | undefined;
/** The font files' bytes, read once per process. */
function fontFiles(): Map<string, Buffer> {
  loaded ??= new Map(Object.entries(FILES).map(([name, file]) => [name, readFileSync(join(FONTS_DIR, file))]));
  return loaded;
}

let parsed: Map<string, PDFKit.Mixins.PDFFontSource> | undefined;
/**
 * The fonts parsed once per process by fontkit (the parser pdfkit itself uses,
 * resolved from pdfkit's own package), which pdfkit takes instead of bytes: a
 * document then starts with the glyphs and tables earlier ones read (an invoice
 * renders about 3× faster than when every document parses the files again).
 * Without fontkit, the bytes.
 */
function fontSources(): Map<string, PDFKit.Mixins.PDFFontSource> {
  if (!parsed) {
    let create: ((bytes: Buffer) => PDFKit.Mixins.PDFFontSource) | undefined;
    try {
      const fromPdfkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"));
      create = (fromPdfkit("fontkit") as { create: (bytes: Buffer) => PDFKit.Mixins.PDFFontSource }).create;
    } catch {
      create = undefined;
    }
    parsed = new Map([...fontFiles()].map(([name, bytes]) => [name, create ? create(bytes) : bytes]));
  }
  return parsed;
}

/**
 * Registers Body, Bold and Italic on a new document and makes Body its current
 * font. From then on every string the document draws or measures goes through
 * pdfText(), so no writer can forget it: what the PDF prints is what the screen shows.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, source] of fontSources()) doc.registerFont(name, source);
  doc.font(BODY);
  sanitiseTextCalls(doc);
}

type TextCall = (text: unknown, ...rest: unknown[]) => unknown;
/** Wraps the document's text, heightOfString and widthOfString so their string goes through pdfText(). */
function sanitiseTextCalls(doc: PDFKit.PDFDocument): void {
  const target = doc as unknown as Record<"text" | "heightOfString" | "widthOfString", TextCall>;
  for (const name of ["text", "heightOfString", "widthOfString"] as const) {
    const original = target[name].bind(doc);
    target[name] = (text, ...rest) => original(typeof text === "string" ? pdfText(text) : text, ...rest);
  }
}

/**
 * Characters a screen never shows: the soft hyphen (a browser hides it unless it
 * breaks a line there; pdfkit would print a gap or a dash), zero-width spaces and
 * joiners, direction marks and emoji variation selectors.
 */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFE00-\uFE0F\uFEFF]/g;

/** Emoji the fonts lack, drawn as the plain symbol they stand for (which the fonts have). */
const PLAIN_SYMBOL: Record<string, string> = {
  "\u2705": "\u2713", // ✅ → ✓
  "\u2611": "\u2713", // ☑ → ✓
  "\u274C": "\u2717", // ❌ → ✗
  "\u274E": "\u2717", // ❎ → ✗
  "\u2B55": "\u25CB", // ⭕ → ○
};

let drawable: Set<number> | undefined;
/** The code points all three fonts have a glyph for. */
function drawableCodePoints(): Set<number> {
  if (!drawable) {
    const [first, ...rest] = [...fontFiles().values()].map(cmapCodePoints);
    drawable = new Set([...first].filter((cp) => rest.every((s) => s.has(cp))));
  }
  return drawable;
}

/**
 * Text as the fonts can draw it, the one sanitiser of every PDF: invisible
 * characters (INVISIBLE) are dropped; a symbol the fonts have (✓ ✔ ✗ → •) is drawn
 * by them; an emoji with a plain twin (✅ ❌) becomes that twin; any other
 * character they have no glyph for (an emoji, a Chinese name) loses its accents if
 * that makes it drawable, else becomes "?", rather than an empty box. Line breaks are kept.
 */
export function pdfText(s: string | null | undefined): string {
  if (!s) return "";
  const can = drawableCodePoints();
  const ok = (ch: string) => ch === "\n" || can.has(ch.codePointAt(0)!);
  let out = "";
  for (const raw of s.replace(INVISIBLE, "").normalize("NFC")) {
    const ch = PLAIN_SYMBOL[raw] ?? raw;
    if (ok(ch)) out += ch;
    else {
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every(ok) ? base : "?";
    }
  }
  return out;
}

/** The code points a TrueType font maps to a glyph (its Unicode cmap subtable, format 4 or 12). */
export function cmapCodePoints(font: Buffer): Set<number> {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const rec = 12 + 16 * i;
    if (font.toString("latin1", rec, rec + 4) === "cmap") cmap = font.readUInt32BE(rec + 8);
  }
  if (cmap < 0) throw new Error("font has no cmap table");
  const subtables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const rec = cmap + 4 + 8 * i;
    subtables.set(`${font.readUInt16BE(rec)}/${font.readUInt16BE(rec + 2)}`, cmap + font.readUInt32BE(rec + 4));
  }
  const out = new Set<number>();
  const full = subtables.get("3/10");
  if (full !== undefined && font.readUInt16BE(full) === 12) {
    for (let g = 0, groups = font.readUInt32BE(full + 12); g < groups; g++) {
      const at = full + 16 + 12 * g;
      for (let cp = font.readUInt32BE(at); cp <= font.readUInt32BE(at + 4); cp++) out.add(cp);
    }
    return out;
  }
  const bmp = subtables.get("3/1") ?? subtables.get("0/3");
  if (bmp === undefined || font.readUInt16BE(bmp) !== 4) throw new Error("font has no Unicode cmap");
  const segments = font.readUInt16BE(bmp + 6) / 2;
  const ends = bmp + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let s = 0; s < segments; s++) {
    const start = font.readUInt16BE(starts + 2 * s);
    const end = font.readUInt16BE(ends + 2 * s);
    const delta = font.readUInt16BE(deltas + 2 * s);
    const rangeOffset = font.readUInt16BE(rangeOffsets + 2 * s);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph = 0;
      if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
      else {
        const raw = font.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (cp - start));
        if (raw !== 0) glyph = (raw + delta) & 0xffff;
      }
      if (glyph !== 0) out.add(cp);
    }
  }
  return out;
}
