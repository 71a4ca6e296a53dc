import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { readAsset } from '../../console/assets';
import { defineEndpoint } from '../../pipeline/model';

/** GET /console/assets/<file>: the console's built script and stylesheet, served from this deployment. */
export default defineEndpoint({
  name: 'console.asset',
  bindings: { rest: { method: 'GET', path: '/console/assets/:file', internal: true } },
  summary: "The console's bundle (script, stylesheet), built from console/ by `npm start` and `npm test`.",
  access: 'public',
  params: z.object({ file: z.string().max(100) }),
  output: z.string(),
  async handler({ file }, { koa }) {
    const asset = await readAsset(file);
    if (!asset)
      throw new AppError('NOT_FOUND', `no console asset ${file}; when app.js is missing, build it with \`npm start\``);
    koa.type = asset.type;
    koa.set('Cache-Control', 'no-cache');
    koa.body = asset.body;
    return undefined;
  },
});
