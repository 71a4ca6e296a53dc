import { nameRepository } from '../../../db/repositories/names';
import { currentSession } from '../../console/sessions';
import { consoleSessionSchema, sessionView, signInRequired } from '../../console/session-view';
import { defineEndpoint } from '../../pipeline/model';

/** GET /api/console/session: the console's own session, or 401 naming how to sign in. */
export default defineEndpoint({
  name: 'console_session.get',
  bindings: { rest: { method: 'GET', path: '/api/console/session', internal: true } },
  summary: "The console's session (from its cookie); 401 with details.signIn (oidc or api_key) without one.",
  // The cookie is the credential here, read by the handler: there is no principal before sign-in.
  access: 'public',
  output: consoleSessionSchema,
  async handler(_input, { koa, deps }) {
    koa.set('Cache-Control', 'no-store');
    const session = await currentSession(koa, deps);
    if (!session) throw signInRequired(deps.config);
    return sessionView(
      session,
      session.kind === 'api_key'
        ? await nameRepository.apiKeys(deps.db.manager, session.orgId, [session.subject])
        : new Map(),
    );
  },
});
