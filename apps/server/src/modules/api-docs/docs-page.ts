import { escapeHtml } from '../../lib/html';
import type { OpenApiDocument } from './openapi';

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

type Operation = {
  operationId: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: unknown }> }
  >;
};

function operationSection(method: string, path: string, op: Operation): string {
  const params = op.parameters.length
    ? `<table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(
          ([type, { schema }]) =>
            `<details><summary>Body (${type})</summary>${json(schema)}</details>`,
        )
        .join('')
    : '';
  const ok = op.responses['200']!;
  const okSchema = Object.entries(ok.content ?? {})
    .map(([type, { schema }]) =>
      schema
        ? `<details><summary>200 (${type})</summary>${json(schema)}</details>`
        : `<p>200: ${type}</p>`,
    )
    .join('');
  return `<section id="${escapeHtml(op.operationId)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code dir="ltr">${escapeHtml(path)}</code> <small>${escapeHtml(op.operationId)}</small></h3>
<p>${escapeHtml(op.description)}</p>${params}${body}${okSchema}
<p class="errors">${escapeHtml(op.responses['4XX']!.description)}</p>
</section>`;
}

/**
 * A page for integrators that reads the OpenAPI document: every call with its auth, parameters,
 * body, answer and error codes. Plain HTML and one <style> block, no script: its policy
 * (api-docs-routes.ts) is the API's with inline styles allowed, nothing more.
 */
export function docsPage(doc: OpenApiDocument, jsonUrl: string): string {
  const sections = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) =>
        operationSection(method, path, op as Operation),
      ),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1b1b1f}
section{border-top:1px solid #ddd;padding:.5rem 0}h3{margin:.5rem 0;font-size:1.05rem}
.m{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#1565c0}.post{background:#2e7d32}.put{background:#ef6c00}.delete{background:#c62828}
small{color:#555;font-weight:normal}pre{background:#f5f5f7;padding:.5rem;overflow:auto;font-size:.8rem}
table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left}
.errors{color:#555;font-size:.85rem}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>Base url: <code>${escapeHtml(doc.servers[0]!.url)}</code>. Machine-readable: <a href="${escapeHtml(jsonUrl)}">openapi.json</a> (OpenAPI 3.1).</p>
${sections}
</body></html>`;
}
