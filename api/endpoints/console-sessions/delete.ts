import { z } from 'zod';
import { checkSameSite, closeSession, currentSession } from '../../console/sessions';
import { defineEndpoint } from '../../pipeline/model';

/** DELETE /api/console/session: signs out (the session ends on the server, the cookie goes). */
export default defineEndpoint({
  name: 'console_session.delete',
  bindings: { rest: { method: 'DELETE', path: '/api/console/session', status: 204, internal: true } },
  summary: 'Signs the console out.',
  access: 'public',
  output: z.undefined(),
  async handler(_input, { koa, deps }) {
    const session = await currentSession(koa, deps);
    if (session) {
      checkSameSite(koa, deps, session);
      await closeSession(koa, deps, session);
    }
    koa.status = 204;
    return undefined;
  },
});
