import type { FastifyPluginAsync } from 'fastify';
import { API_BASE } from '@dars/contract';
import { docsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';

/** Where integrators read the API: not calls of the product, so not in `endpoints`. */
export const API_DOCS_PATHS = ['/openapi.json', '/docs'] as const;

/** The API's policy plus the page's own <style> block: still no script, no other origin. */
export const DOCS_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Built on the first request, not at start: few servers are ever asked for their documents. */
let written: { json: string; page: string } | undefined;
function documents() {
  if (!written) {
    const document = buildOpenApiDocument();
    written = {
      json: JSON.stringify(document),
      page: docsPage(document, `${API_BASE}/openapi.json`),
    };
  }
  return written;
}

export const apiDocsRoutes = (): FastifyPluginAsync => async (app) => {
  app.get('/openapi.json', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(documents().json),
  );
  // Under /api, so the security hook writes the policy: this route declares the page's own.
  app.get('/docs', { config: { csp: DOCS_PAGE_CSP } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(documents().page),
  );
};
