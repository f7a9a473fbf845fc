// A small hand-written SVG line chart per scenario, over data size: one or more
// series of (x, y) points, an optional target line, linear axes from zero. No dependency; written to bench/charts/.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface Series {
  label: string;
  points: [x: number, y: number][];
}

export interface ChartSpec {
  /** file name without extension: bench/charts/<name>.svg */
  name: string;
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /** a horizontal line: the target */
  target?: { y: number; label: string };
}

const W = 560;
const H = 320;
const M = { left: 64, right: 150, top: 36, bottom: 48 };
const COLOURS = ["#1d4ed8", "#b45309", "#047857", "#7c3aed"];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** 1, 2 or 5 × 10^k steps, about five of them up to max */
function ticks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) out.push(v);
  if (out[out.length - 1] < max) out.push(out[out.length - 1] + step);
  return out;
}

const short = (n: number) => (n >= 1e6 ? `${+(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : `${+n.toFixed(2)}`);

export function chartSvg(spec: ChartSpec): string {
  const all = spec.series.flatMap((s) => s.points).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const xt = ticks(Math.max(...all.map(([x]) => x), 1));
  const yt = ticks(Math.max(...all.map(([, y]) => y), spec.target?.y ?? 0, 1e-9));
  const xMax = xt[xt.length - 1];
  const yMax = yt[yt.length - 1];
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const X = (x: number) => M.left + (x / xMax) * pw;
  const Y = (y: number) => M.top + ph - (y / yMax) * ph;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="system-ui, sans-serif" font-size="11">`);
  parts.push(`<title>${esc(spec.title)}</title><rect width="${W}" height="${H}" fill="#fff"/>`);
  parts.push(`<text x="${M.left}" y="20" font-size="13" font-weight="600">${esc(spec.title)}</text>`);
  for (const t of yt) parts.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${Y(t)}" y2="${Y(t)}" stroke="#e5e7eb"/><text x="${M.left - 6}" y="${Y(t) + 4}" text-anchor="end">${short(t)}</text>`);
  for (const t of xt) parts.push(`<text x="${X(t)}" y="${M.top + ph + 16}" text-anchor="middle">${short(t)}</text>`);
  parts.push(`<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}" stroke="#374151"/><line x1="${M.left}" x2="${M.left + pw}" y1="${M.top + ph}" y2="${M.top + ph}" stroke="#374151"/>`);
  parts.push(`<text x="${M.left + pw / 2}" y="${H - 10}" text-anchor="middle">${esc(spec.xLabel)}</text>`);
  parts.push(`<text transform="translate(14 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${esc(spec.yLabel)}</text>`);
  if (spec.target) {
    parts.push(`<line x1="${M.left}" x2="${M.left + pw}" y1="${Y(spec.target.y)}" y2="${Y(spec.target.y)}" stroke="#dc2626" stroke-dasharray="5 4"/>`);
    parts.push(`<text x="${M.left + pw + 6}" y="${Y(spec.target.y) + 4}" fill="#dc2626">${esc(spec.target.label)}</text>`);
  }
  spec.series.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    const pts = s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)).sort((a, b) => a[0] - b[0]);
    if (pts.length > 1) parts.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(" ")}"/>`);
    for (const [x, y] of pts) parts.push(`<circle cx="${X(x).toFixed(1)}" cy="${Y(y).toFixed(1)}" r="3.5" fill="${c}"><title>${esc(`${s.label}: ${short(x)} → ${+y.toFixed(2)}`)}</title></circle>`);
    parts.push(`<rect x="${M.left + pw + 6}" y="${M.top + 14 + i * 18}" width="10" height="10" fill="${c}"/><text x="${M.left + pw + 20}" y="${M.top + 23 + i * 18}">${esc(s.label)}</text>`);
  });
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}

/** Write bench/charts/<name>.svg; returns its path relative to the repository. */
export function writeChart(root: string, spec: ChartSpec): string {
  const dir = join(root, "bench", "charts");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${spec.name}.svg`), chartSvg(spec));
  return `bench/charts/${spec.name}.svg`;
}
