import { z } from 'zod';
import { LOCAL_UPLOAD_PATH, LocalMediaStorage } from '../../core/storage/local';
import type { MediaStorage } from '../../core/storage';
import { scanResult } from '../../domain/artifacts/scan-result';
import { artifactScanResult } from '../../core/artifacts';
import { artifactRepository } from '../../db/repositories/artifacts';
import { AppError, invalid, notFound } from '../../core/errors';
import { idOf as id, newId } from '../../core/ids';
import { scanThroughWorkflow } from '../workflow-starts';
import { defineEndpoint } from './define';

/** Upload intents and their URLs live 15 minutes (the specification's limit). */
export const UPLOAD_INTENT_TTL_MS = 15 * 60 * 1000;

const artifactPlatform = z.enum(['android', 'ios']);
const contentTypes = {
  android: ['application/vnd.android.package-archive', 'application/octet-stream'],
  ios: ['application/zip', 'application/octet-stream'],
} as const;
const extension = { android: 'apk', ios: 'ipa' } as const;
const declaredBytes = z
  .number()
  .int()
  .min(1)
  // The bound in force is ARTIFACT_MAX_BYTES; the document states its default.
  .meta({ maximum: 500 * 1024 * 1024 })
  .describe('Exact size of the file in bytes (at most ARTIFACT_MAX_BYTES, 500 MiB by default).');

export const uploadUrlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/artifacts/upload-url',
  idempotent: true,
  summary: 'Create a mobile artifact upload intent and its PUT URL (15 minutes).',
  description:
    'The URL accepts one PUT of exactly declaredBytes bytes with exactly this Content-Type header before ' +
    'expiresAt. An APK is application/vnd.android.package-archive or application/octet-stream; an IPA is application/zip ' +
    'or application/octet-stream. Then call POST /api/artifacts/scan; a Run may use the storageId once the scan is clean.',
  access: { scope: 'svc:runs:write' },
  // One shape per platform, so the document states which content types each accepts.
  body: z.discriminatedUnion('platform', [
    z.strictObject({ platform: z.literal('android'), declaredBytes, contentType: z.enum(contentTypes.android) }),
    z.strictObject({ platform: z.literal('ios'), declaredBytes, contentType: z.enum(contentTypes.ios) }),
  ]),
  response: z.object({
    uploadUrl: z.string().describe('PUT the file here, with Content-Type and Content-Length exactly as declared.'),
    storageId: z.string().describe('Names the artifact in targets.android.storageId / targets.ios.storageId.'),
    method: z.literal('PUT'),
    intentId: z.string(),
    expiresAt: z.number().int().describe('Epoch milliseconds.'),
  }),
  async handler({ body, principal, deps }) {
    if (body.declaredBytes > deps.config.ARTIFACT_MAX_BYTES) {
      throw invalid(`declaredBytes: at most ${deps.config.ARTIFACT_MAX_BYTES} bytes are accepted`);
    }
    if (!(contentTypes[body.platform] as readonly string[]).includes(body.contentType)) {
      throw invalid(`contentType: an ${body.platform} artifact is one of ${contentTypes[body.platform].join(', ')}`);
    }
    const storage = deps.storage;
    const now = Date.now();
    const intentId = newId('art');
    const storageId = newId('sto');
    const storageKey = `artifacts/${principal.orgId}/${storageId}.${extension[body.platform]}`;
    const uploadUrl = await storage.presignPut(
      storageKey,
      body.contentType,
      body.declaredBytes,
      UPLOAD_INTENT_TTL_MS / 1000,
    );
    const expiresAt = now + UPLOAD_INTENT_TTL_MS;
    await artifactRepository.insertIntent(deps.db.manager, {
      id: intentId,
      orgId: principal.orgId,
      platform: body.platform,
      declaredBytes: body.declaredBytes,
      contentType: body.contentType,
      storageKey,
      storageId,
      expiresAt,
      uploadedAt: null,
      createdAt: now,
    });
    return { uploadUrl, storageId, method: 'PUT' as const, intentId, expiresAt };
  },
});

/** The service's own upload target when no object store is configured (the stand-in for a presigned S3 PUT). */
export const uploadEndpoint = defineEndpoint({
  method: 'PUT',
  path: LOCAL_UPLOAD_PATH,
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
  response: z.object({ storageId: z.string(), byteSize: z.number().int() }),
  responses: { 400: 'Wrong Content-Type or length', 403: 'Invalid or expired link', 409: 'Already uploaded' },
  async handler({ query, deps, koa }) {
    const storage = deps.storage;
    if (!(storage instanceof LocalMediaStorage))
      throw new AppError('NOT_FOUND', 'uploads go to the object store named by the uploadUrl');
    // A refusal answers before the body is read: close the connection instead of draining it.
    koa.set('Connection', 'close');
    const intent = await artifactRepository.intentByStorageKey(deps.db.manager, query.key);
    const now = Date.now();
    if (
      !intent ||
      intent.expiresAt < now ||
      !storage.verifyPut(
        intent.storageKey,
        intent.contentType,
        intent.declaredBytes,
        query.exp ?? '',
        query.sig ?? '',
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

export const scanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/artifacts/scan',
  summary: 'Scan an uploaded mobile artifact and record the verdict.',
  description:
    'Checks what can be checked without a device: size and type match the upload intent, the archive opens, ' +
    'an APK has AndroidManifest.xml and a classes*.dex, an IPA has Payload/<name>.app/Info.plist, no entry path escapes, ' +
    'sizes and compression ratios are sane. Idempotent: a second call for the same storageId returns the recorded result. ' +
    '422 when nothing was uploaded yet.',
  access: { scope: 'svc:runs:write' },
  body: z.strictObject({
    storageId: z.string().min(1).max(40),
    intentId: id('art'),
    platform: artifactPlatform,
    fileName: z.string().min(1).max(255),
    contentType: z.string().min(1).max(100),
  }),
  response: artifactScanResult,
  async handler({ body, principal, deps }) {
    const orgId = principal.orgId;
    const intent = await artifactRepository.intent(deps.db.manager, orgId, body.intentId);
    if (!intent || intent.storageId !== body.storageId)
      throw notFound(`Upload intent ${body.intentId} for storageId ${body.storageId}`);
    const recorded = await artifactRepository.scan(deps.db.manager, orgId, body.storageId);
    if (recorded) return scanResult(recorded);
    if (!(await deps.storage.exists(intent.storageKey))) {
      throw new AppError(
        'FAILED_PRECONDITION',
        intent.expiresAt < Date.now()
          ? `the upload intent ${intent.id} expired without an upload; request a new upload URL`
          : `nothing has been uploaded for ${body.storageId} yet; PUT the file to its uploadUrl first`,
      );
    }
    return scanThroughWorkflow(deps, {
      orgId,
      storageId: body.storageId,
      platform: body.platform,
      contentType: body.contentType,
      fileName: body.fileName,
    });
  },
});

export const artifactEndpoints = [uploadUrlEndpoint, uploadEndpoint, scanEndpoint];
