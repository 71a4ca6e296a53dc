import { z } from 'zod';
import { apiDocsPage } from '../../presenters/report-page';
import { defineEndpoint } from '../../pipeline/model';

/** GET /api/docs: the API reference rendered from /api/openapi.json by Scalar, served from this deployment. */
export default defineEndpoint({
  name: 'docs.page',
  bindings: { rest: { method: 'GET', path: '/api/docs', internal: true } },
  summary: 'API reference page (HTML) rendered from the OpenAPI document.',
  access: 'public',
  output: z.string(),
  async handler(input, { koa }) {
    koa.type = 'text/html; charset=utf-8';
    koa.body = apiDocsPage('/api/openapi.json', '/api/docs/scalar.js');
    return undefined;
  },
});
