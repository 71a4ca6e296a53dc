import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { authorizationUrl, oidcEnabled } from '../../console/oidc';
import { defineEndpoint } from '../../pipeline/model';

/** GET /api/console/oidc/start: sends the browser to the organization's issuer (authorization code + PKCE). */
export default defineEndpoint({
  name: 'console_oidc.start',
  bindings: { rest: { method: 'GET', path: '/api/console/oidc/start', status: 302, internal: true } },
  summary: "Starts the console's OpenID Connect sign-in.",
  access: 'public',
  output: z.undefined(),
  async handler(_input, { koa, deps }) {
    if (!oidcEnabled(deps.config))
      throw new AppError(
        'FAILED_PRECONDITION',
        'no OpenID Connect issuer is set for the console; sign in with an API key',
        {
          signIn: 'api_key',
        },
      );
    koa.set('Cache-Control', 'no-store');
    koa.redirect(await authorizationUrl(koa, deps));
    return undefined;
  },
});
