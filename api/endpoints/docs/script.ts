import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defineEndpoint } from '../../pipeline/model';

/** Read once, on the first request. */
let scalarScript: Buffer | undefined;

export default defineEndpoint({
  name: 'docs.script',
  bindings: { rest: { method: 'GET', path: '/api/docs/scalar.js', internal: true } },
  summary: "Scalar's standalone API reference renderer (from the @scalar/api-reference package).",
  access: 'public',
  output: z.string(),
  async handler(_input, { koa }) {
    // The package exports no path to its browser bundle; it sits beside the exported stylesheet.
    scalarScript ??= readFileSync(
      path.join(path.dirname(require.resolve('@scalar/api-reference/style.css')), 'browser', 'standalone.js'),
    );
    koa.type = 'application/javascript; charset=utf-8';
    koa.set('Cache-Control', 'public, max-age=86400');
    koa.body = scalarScript;
    return undefined;
  },
});
