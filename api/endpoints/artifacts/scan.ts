import { z } from 'zod';
import { scanResult } from '../../../domain/artifacts/scan-result';
import { artifactScanResult } from '../../../core/artifacts';
import { artifactRepository } from '../../../db/repositories/artifacts';
import { AppError, notFound } from '../../../core/errors';
import { idOf as id } from '../../../core/ids';
import { scanThroughWorkflow } from '../../temporal/starts';
import { defineEndpoint } from '../../pipeline/model';
import { artifactPlatform } from './shared';

export default defineEndpoint({
  name: 'artifacts.scan',
  bindings: { rest: { method: 'POST', path: '/api/artifacts/scan' } },
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
  output: artifactScanResult,
  async handler(input, { principal, deps }) {
    const orgId = principal.orgId;
    const intent = await artifactRepository.intent(deps.db.manager, orgId, input.intentId);
    if (!intent || intent.storageId !== input.storageId)
      throw notFound(`Upload intent ${input.intentId} for storageId ${input.storageId}`);
    const recorded = await artifactRepository.scan(deps.db.manager, orgId, input.storageId);
    if (recorded) return scanResult(recorded);
    if (!(await deps.storage.exists(intent.storageKey))) {
      throw new AppError(
        'FAILED_PRECONDITION',
        intent.expiresAt < Date.now()
          ? `the upload intent ${intent.id} expired without an upload; request a new upload URL`
          : `nothing has been uploaded for ${input.storageId} yet; PUT the file to its uploadUrl first`,
      );
    }
    return scanThroughWorkflow(deps, {
      orgId,
      storageId: input.storageId,
      platform: input.platform,
      contentType: input.contentType,
      fileName: input.fileName,
    });
  },
});
