import { z } from 'zod';
import { LOCAL_UPLOAD_PATH, LocalMediaStorage } from '../../../core/storage/local';
import { artifactRepository } from '../../../db/repositories/artifacts';
import { AppError, invalid } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';

/** The service's own upload target when no object store is configured (the stand-in for a presigned S3 PUT). */
export default defineEndpoint({
  name: 'artifacts.upload',
  bindings: {
    rest: {
      method: 'PUT',
      path: LOCAL_UPLOAD_PATH,
      responses: { 400: 'Wrong Content-Type or length', 403: 'Invalid or expired link', 409: 'Already uploaded' },
    },
  },
  summary: 'Receive an artifact upload (the uploadUrl of the default storage).',
  description:
    'No bearer credential: the signature authorizes. The body is the raw file; Content-Type and Content-Length ' +
    "must equal the intent's contentType and declaredBytes. Accepted once, before the intent expires: 400 for a wrong " +
    'type or length, 403 for an edited or expired link, 409 for a second upload. With an S3 bucket configured the ' +
    'uploadUrl points at the bucket instead and this route answers 404.',
  access: 'public',
  query: z.object({
    // The storage key upload-url issued (artifacts/<orgId>/<storageId>.<ext>): ASCII only, so anything
    // else is refused here rather than compared against the ASCII column.
    key: z
      .string()
      .max(500)
      .regex(/^artifacts\/[A-Za-z0-9_]+\/[A-Za-z0-9_]+\.[a-z0-9]+$/, 'not a storage key this service issued'),
    exp: z
      .string()
      .regex(/^\d{1,15}$/, 'epoch milliseconds')
      .optional(),
    sig: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'the signature of the link')
      .optional(),
  }),
  output: z.object({ storageId: z.string(), byteSize: z.number().int() }),
  async handler(input, { deps, koa }) {
    const storage = deps.storage;
    if (!(storage instanceof LocalMediaStorage))
      throw new AppError('NOT_FOUND', 'uploads go to the object store named by the uploadUrl');
    // A refusal answers before the body is read: close the connection instead of draining it.
    koa.set('Connection', 'close');
    const intent = await artifactRepository.intentByStorageKey(deps.db.manager, input.key);
    const now = Date.now();
    if (
      !intent ||
      intent.expiresAt < now ||
      !storage.verifyPut(
        intent.storageKey,
        intent.contentType,
        intent.declaredBytes,
        input.exp ?? '',
        input.sig ?? '',
        now,
      )
    ) {
      throw new AppError(
        'PERMISSION_DENIED',
        'the upload link is invalid or expired; request a new one with POST /api/artifacts/upload-url',
      );
    }
    if (intent.uploadedAt !== null)
      throw new AppError('CONFLICT', 'this upload intent was already used; request a new upload URL');
    const type = koa.get('Content-Type').trim().toLowerCase();
    if (type !== intent.contentType) throw invalid(`Content-Type must be ${intent.contentType}, as declared`);
    const length = koa.get('Content-Length');
    if (length !== String(intent.declaredBytes))
      throw invalid(`Content-Length must be ${intent.declaredBytes}, as declared`);

    const staged = await storage.receive(intent.storageKey, koa.req, intent.declaredBytes);
    if (staged.received !== intent.declaredBytes) {
      await staged.discard();
      throw invalid(
        staged.received > intent.declaredBytes
          ? `the body is longer than the declared ${intent.declaredBytes} bytes`
          : `the body ended after ${staged.received} of ${intent.declaredBytes} bytes`,
      );
    }
    if (!(await artifactRepository.claimUpload(deps.db.manager, intent.id, Date.now()))) {
      await staged.discard();
      throw new AppError('CONFLICT', 'this upload intent was already used; request a new upload URL');
    }
    try {
      await staged.commit();
    } catch (error) {
      await artifactRepository.releaseUpload(deps.db.manager, intent.id);
      throw error;
    }
    koa.remove('Connection');
    return { storageId: intent.storageId, byteSize: staged.received };
  },
});
