import { z } from 'zod';
import { issueApiKey } from '../../../domain/organizations';
import { defineEndpoint } from '../../pipeline/model';
import { access } from './shared';

export default defineEndpoint({
  name: 'keys.create',
  bindings: { rest: { method: 'POST', path: '/api/keys', status: 201 } },
  summary: 'Make an organization API key; the answer carries the key, shown only this once.',
  description:
    'The key holds every scope, as every organization API key does. Only a hash of its secret is kept: a retry ' +
    'with the same Idempotency-Key answers the same keyId without apiKey (create another key if it was lost).',
  access,
  idempotency: 'required',
  atomic: true,
  body: z.strictObject({ name: z.string().trim().min(1).max(100).describe('What the key is for, e.g. "CI".') }),
  output: z.object({
    keyId: z.string(),
    name: z.string(),
    createdAt: z.number(),
    apiKey: z.string().optional().describe('The whole key (aut_…), in the first answer only.'),
  }),
  async handler(input, { principal, db }) {
    const createdAt = Date.now();
    const createdBy = principal.kind === 'api_key' ? `key ${principal.subject}` : principal.subject;
    const { keyId, apiKey } = await issueApiKey(db, principal.orgId, createdAt, { name: input.name, createdBy });
    return { keyId, name: input.name, createdAt, apiKey };
  },
  // The idempotency record must not hold the key in clear.
  storedAnswer: ({ apiKey: _shownOnce, ...rest }) => rest,
});
