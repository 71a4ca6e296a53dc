import { z } from 'zod';
import { AppError } from '../../core/errors';
import { verifyApiKey } from '../middleware/auth';
import { checkSameOrigin, openSession } from '../console/sessions';
import { consoleSessionSchema, sessionView, signInMethod } from '../console/session-view';
import { defineEndpoint } from './model';

/**
 * POST /api/console/session: signs the console in with an organization API key, entered once. The
 * key is checked and dropped: the session names the key's id, and the browser gets only the cookie.
 */
export default defineEndpoint({
  name: 'console_session.create',
  bindings: { rest: { method: 'POST', path: '/api/console/session', status: 201, internal: true } },
  summary: 'Signs the console in with an API key (installs without an OpenID Connect issuer for the console).',
  access: 'public',
  body: z.strictObject({ apiKey: z.string().min(1).max(200).describe('An organization API key (aut_…).') }),
  output: consoleSessionSchema,
  async handler({ apiKey }, { koa, deps }) {
    checkSameOrigin(koa, deps);
    if (signInMethod(deps.config) !== 'api_key')
      throw new AppError(
        'FAILED_PRECONDITION',
        'this install signs in with its OpenID Connect issuer, not an API key',
        {
          signIn: 'oidc',
        },
      );
    const principal = await verifyApiKey(apiKey, deps);
    const session = await openSession(koa, deps, {
      orgId: principal.orgId,
      kind: 'api_key',
      subject: principal.subject,
      scopes: [...principal.scopes],
    });
    koa.set('Cache-Control', 'no-store');
    return sessionView(session);
  },
});
