import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { readViewerFile, traceViewerPolicy } from '../../console/trace-viewer';
import { defineEndpoint } from '../../pipeline/model';

/** GET /api/trace-viewer/<file>: Playwright's trace viewer, from the installed playwright-core. */
export default defineEndpoint({
  name: 'console.traceViewer',
  bindings: { rest: { method: 'GET', path: '/api/trace-viewer/*file', internal: true } },
  summary: "Playwright's trace viewer (the built one playwright-core ships), served from this origin.",
  access: 'public',
  // The wildcard's segments; joined, at most one folder deep.
  params: z.object({ file: z.union([z.string().max(200), z.array(z.string().max(100)).max(2)]) }),
  output: z.string(),
  async handler({ file }, { koa }) {
    const name = Array.isArray(file) ? file.join('/') : file;
    const found = await readViewerFile(name);
    if (!found) throw new AppError('NOT_FOUND', `the trace viewer has no file ${name}`);
    koa.type = found.type;
    koa.set('Content-Security-Policy', traceViewerPolicy);
    koa.set('Cache-Control', 'no-cache');
    koa.body = found.body;
    return undefined;
  },
});
