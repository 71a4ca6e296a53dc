import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { completeSignIn } from '../../console/oidc';
import { openSession } from '../../console/sessions';
import { defineEndpoint } from '../../pipeline/model';

/**
 * GET /api/console/oidc/callback: where the issuer returns the browser. A refused sign-in goes back
 * to the console's sign-in with the reason (the browser is a person, not a script).
 */
export default defineEndpoint({
  name: 'console_oidc.callback',
  bindings: { rest: { method: 'GET', path: '/api/console/oidc/callback', status: 302, internal: true } },
  summary: "Completes the console's OpenID Connect sign-in.",
  access: 'public',
  output: z.undefined(),
  async handler(_input, { koa, deps }) {
    koa.set('Cache-Control', 'no-store');
    try {
      await openSession(koa, deps, await completeSignIn(koa, deps));
      koa.redirect('/console');
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'INTERNAL' || error.code === 'UNAVAILABLE') throw error;
      koa.redirect(`/console/sign-in?error=${encodeURIComponent(error.message)}`);
    }
    return undefined;
  },
});
