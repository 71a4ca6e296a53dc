import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { apiKeyRepository } from '../../../db/repositories/organizations';
import { defineEndpoint } from '../../pipeline/model';
import { access } from './shared';

export default defineEndpoint({
  name: 'keys.revoke',
  bindings: { rest: { method: 'POST', path: '/api/keys/:keyId/revoke' } },
  summary: 'Revoke an API key of the organization: refused at once here, within API_KEY_CACHE_TTL_MS elsewhere.',
  description:
    "A key that is not the organization's, or already revoked, is NOT_FOUND. Console sessions opened with it end.",
  access,
  idempotency: 'required',
  atomic: true,
  params: z.object({ keyId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a key id (the 16 characters after aut_)') }),
  output: z.object({ keyId: z.string(), revokedAt: z.number() }),
  async handler(input, { principal, db, deps, afterCommit }) {
    const revokedAt = Date.now();
    if (!(await apiKeyRepository.revokeInOrg(db, principal.orgId, input.keyId, revokedAt)))
      throw new AppError('NOT_FOUND', `no active API key ${input.keyId} in this organization`);
    afterCommit(async () => deps.apiKeys.forget(input.keyId));
    return { keyId: input.keyId, revokedAt };
  },
});
