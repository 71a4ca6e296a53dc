import { z } from 'zod';
import { defineEndpoint } from '../../pipeline/model';

/** GET /: the service's front door is the console. */
export default defineEndpoint({
  name: 'console.redirect',
  bindings: { rest: { method: 'GET', path: '/', status: 302, internal: true } },
  summary: 'Redirects to the console.',
  access: 'public',
  output: z.string(),
  async handler(_input, { koa }) {
    koa.redirect('/console');
    return undefined;
  },
});
