// The app icons (what an installable app needs: 192 and 512 px, one maskable), drawn
// here once and committed as PNGs under src/web/public/icons/. Run again only
// to change the drawing: `node scripts/make-icons.mjs`.
// A flatbed lorry in white with an amber load, on the brand blue (#1e3a8a).
// "any" icons are a rounded square; the maskable ones fill the square, with
// the drawing inside the central 80 % circle that every mask keeps.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BLUE = [30, 58, 138];
const WHITE = [255, 255, 255];
const AMBER = [245, 158, 11];
const DARK = [15, 23, 42];

/** Shapes in a 100×100 box, painted in order. */
const lorry = [
  { c: AMBER, r: [18, 34, 44, 12] }, // the load on the bed
  { c: AMBER, r: [18, 28, 44, 5] },
  { c: WHITE, r: [14, 47, 52, 7] }, // the flatbed
  { c: WHITE, r: [66, 32, 20, 22] }, // the cab
  { c: BLUE, r: [70, 36, 10, 8] }, // its window
  { c: WHITE, r: [62, 50, 26, 4] },
  { c: DARK, o: [26, 58, 7] }, // wheels
  { c: DARK, o: [44, 58, 7] },
  { c: DARK, o: [76, 58, 7] },
  { c: WHITE, o: [26, 58, 3] },
  { c: WHITE, o: [44, 58, 3] },
  { c: WHITE, o: [76, 58, 3] },
];

function draw(size, maskable) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4; // samples per side, for smooth edges
  // maskable: shrink the drawing into the safe circle; any: a rounded square
  const scale = maskable ? 0.72 : 0.86;
  const off = (1 - scale) * 50;
  const inShape = (x, y, s) => {
    if (s.r) {
      const [rx, ry, w, h] = s.r;
      return x >= rx && x < rx + w && y >= ry && y < ry + h;
    }
    const [cx, cy, rad] = s.o;
    return (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad;
  };
  for (let py = 0; py < size; py++) {
    for (let pxl = 0; pxl < size; pxl++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const u = ((pxl + (sx + 0.5) / S) / size) * 100;
          const v = ((py + (sy + 0.5) / S) / size) * 100;
          // background: full square (maskable) or a rounded square of radius 18
          const k = 18;
          const dx = Math.max(k - u, 0, u - (100 - k));
          const dy = Math.max(k - v, 0, v - (100 - k));
          if (!maskable && dx * dx + dy * dy > k * k) continue;
          let col = BLUE;
          const x = (u - off) / scale;
          const y = (v - off) / scale - 3.5; // the drawing (y 28–65) centred
          for (const s of lorry) if (inShape(x, y, s)) col = s.c;
          r += col[0];
          g += col[1];
          b += col[2];
          a += 255;
        }
      }
      const n = S * S;
      const i = (py * size + pxl) * 4;
      const cover = a / 255;
      px[i] = cover ? Math.round(r / cover) : 0;
      px[i + 1] = cover ? Math.round(g / cover) : 0;
      px[i + 2] = cover ? Math.round(b / cover) : 0;
      px[i + 3] = Math.round(a / n);
    }
  }
  return png(size, px);
}

function png(size, rgba) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const x of buf) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const dir = new URL("../src/web/public/icons/", import.meta.url);
for (const size of [192, 512]) {
  writeFileSync(new URL(`icon-${size}.png`, dir), draw(size, false));
  writeFileSync(new URL(`maskable-${size}.png`, dir), draw(size, true));
}
writeFileSync(new URL("apple-touch-icon.png", dir), draw(180, true));
console.log("icons written to src/web/public/icons/");
