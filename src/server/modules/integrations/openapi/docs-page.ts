// GET /api/docs: the API reference as one HTML page rendered here from the
// OpenAPI document (served from the app itself, no CDN). No
// script at all, so the app's CSP (script-src 'self') holds and the page works
// everywhere; each call opens to its parameters, body and answers as JSON
// Schema. docs/decisions/0019-openapi.md says why not Swagger UI.
type Json = Record<string, unknown>;

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const pretty = (v: unknown): string => esc(JSON.stringify(v, null, 2));
const code = (s: string): string => esc(s).replace(/`([^`]+)`/g, "<code>$1</code>");

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
header,main{max-width:960px;margin:0 auto;padding:16px}
header{border-bottom:1px solid #e2e8f0}
h1{font-size:1.5rem;margin:0 0 8px}
h2{font-size:1.25rem;margin:32px 0 8px}
details{background:#fff;border:1px solid #e2e8f0;border-radius:6px;margin:8px 0}
summary{cursor:pointer;padding:10px 12px;display:flex;gap:12px;align-items:baseline;flex-wrap:wrap;min-height:24px}
summary:focus-visible{outline:3px solid #1e3a8a;outline-offset:2px}
.m{font:600 .8rem ui-monospace,monospace;padding:2px 6px;border-radius:4px;color:#fff;background:#334155;min-width:56px;text-align:center}
.GET{background:#1e3a8a}.POST{background:#166534}.PUT{background:#92400e}.PATCH{background:#6b21a8}.DELETE{background:#991b1b}
.p{font-family:ui-monospace,monospace;word-break:break-all}
.body{padding:0 12px 12px}
pre:focus-visible{outline:3px solid #1e3a8a}
pre{background:#f1f5f9;padding:8px;border-radius:4px;overflow:auto;font-size:.85rem;max-height:420px}
code{font-family:ui-monospace,monospace;background:#f1f5f9;padding:0 3px;border-radius:3px}
h3{font-size:1rem;margin:12px 0 4px}
a{color:#1e3a8a}
`;

export function renderDocsPage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description: string };
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = (op.tags as string[])[0] ?? "Other";
      const m = method.toUpperCase();
      const parts = [`<p>${code(String(op.description ?? ""))}</p>`];
      if (op.parameters) parts.push(`<h3>Parameters</h3><pre tabindex="0">${pretty(op.parameters)}</pre>`);
      if (op.requestBody) parts.push(`<h3>Request body</h3><pre tabindex="0">${pretty(op.requestBody)}</pre>`);
      parts.push(`<h3>Responses</h3><pre tabindex="0">${pretty(op.responses)}</pre>`);
      const html = `<details id="${esc(String(op.operationId))}"><summary><span class="m ${m}">${m}</span><span class="p">${esc(path)}</span><span>${esc(String(op.summary ?? ""))}</span></summary><div class="body">${parts.join("")}</div></details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<section aria-labelledby="t-${esc(tag)}"><h2 id="t-${esc(tag)}">${esc(tag)}</h2>${ops.join("")}</section>`).join("");
  const toc = [...byTag.keys()].map((t) => `<a href="#t-${esc(t)}">${esc(t)}</a>`).join(" · ");
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(info.title)} reference</title><style>${STYLE}</style></head><body><header><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${code(info.description)}</p><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Shared schemas: <a href="#components">components</a>.</p><nav aria-label="Sections">${toc}</nav></header><main>${sections}<section aria-labelledby="components"><h2 id="components">Components</h2><details><summary>Schemas and security schemes</summary><div class="body"><pre tabindex="0">${pretty(doc.components)}</pre></div></details></section></main></body></html>`;
}
