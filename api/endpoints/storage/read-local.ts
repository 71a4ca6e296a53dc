import { z } from 'zod';
import { LocalMediaStorage } from '../../../core/storage/local';
import { AppError } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';

/** Serves LocalMediaStorage objects behind their own short-lived signature. */
export default defineEndpoint({
  name: 'storage.read_local',
  bindings: { rest: { method: 'GET', path: '/media', internal: true } },
  summary: 'Local media storage (the default when no S3 bucket is configured).',
  access: 'public',
  query: z.object({
    key: z.string().max(500),
    exp: z.string().max(20).optional(),
    sig: z.string().max(100).optional(),
  }),
  output: z.null(),
  async handler(input, { deps, koa }) {
    const storage = deps.storage;
    if (!(storage instanceof LocalMediaStorage)) throw new AppError('NOT_FOUND', 'not found');
    const body = await storage.readSigned(input.key, Number(input.exp), input.sig ?? '');
    if (!body) throw new AppError('PERMISSION_DENIED', 'invalid or expired storage link');
    koa.type = input.key.endsWith('.png')
      ? 'image/png'
      : input.key.endsWith('.zip')
        ? 'application/zip'
        : 'application/octet-stream';
    koa.set('Cache-Control', 'private, max-age=60');
    koa.body = body;
    return undefined;
  },
});
