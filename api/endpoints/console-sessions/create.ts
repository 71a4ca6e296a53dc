import { nameRepository } from '../../../db/repositories/names';
import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { verifyApiKey } from '../../middleware/auth';
import { unauthenticated } from '../../oauth/challenge';
import { checkSameOrigin, openSession } from '../../console/sessions';
import { consoleSessionSchema, sessionView, signInMethod } from '../../console/session-view';
import { defineEndpoint } from '../../pipeline/model';

/**
 * POST /api/console/session: signs the console in with an organization API key, entered once and
 * sent as `Authorization: Bearer <key>` (a key never travels in a request body: interface.md). The
 * key is checked and dropped: the session names the key's id, and the browser gets only the cookie.
 */
export default defineEndpoint({
  name: 'console_session.create',
  bindings: { rest: { method: 'POST', path: '/api/console/session', status: 201, internal: true } },
  summary: 'Signs the console in with an API key (installs without an OpenID Connect issuer for the console).',
  access: 'public',
  // Refused rather than ignored: a client that puts the key in a body has already sent it where
  // bodies are logged and kept, and silently answering 401 for a missing header would hide why.
  body: z
    .looseObject({})
    .refine(
      (body) => Object.keys(body).length === 0,
      'send the API key as Authorization: Bearer <key>, never in a request body',
    )
    .describe('Empty: the API key goes in the Authorization header, never in a body.')
    .optional(),
  output: consoleSessionSchema,
  async handler(_input, { koa, deps }) {
    checkSameOrigin(koa, deps);
    if (signInMethod(deps.config) !== 'api_key')
      throw new AppError(
        'FAILED_PRECONDITION',
        'this install signs in with its OpenID Connect issuer, not an API key',
        {
          signIn: 'oidc',
        },
      );
    const credential = /^Bearer (aut_\S+)$/i.exec(koa.get('Authorization'))?.[1];
    if (!credential) throw unauthenticated(deps, 'send the API key as Authorization: Bearer <key>');
    const principal = await verifyApiKey(credential, deps);
    const session = await openSession(koa, deps, {
      orgId: principal.orgId,
      kind: 'api_key',
      subject: principal.subject,
      scopes: [...principal.scopes],
    });
    koa.set('Cache-Control', 'no-store');
    return sessionView(
      session,
      session.kind === 'api_key'
        ? await nameRepository.apiKeys(deps.db.manager, session.orgId, [session.subject])
        : new Map(),
    );
  },
});
