import { z } from 'zod';
import { consoleHtml, consolePolicy } from '../../console/assets';
import { defineEndpoint } from '../../pipeline/model';

/** GET /console and every address under it: the console's page (its views route in the browser). */
export default defineEndpoint({
  name: 'console.page',
  bindings: { rest: { method: 'GET', path: '/console{/*view}', internal: true } },
  summary: 'The console (HTML): Runs, visual review, flaky cases, schedules and webhooks in a browser.',
  access: 'public',
  output: z.string(),
  async handler(_input, { koa }) {
    koa.type = 'text/html; charset=utf-8';
    koa.set('Content-Security-Policy', consolePolicy);
    koa.set('Cache-Control', 'no-cache');
    koa.body = consoleHtml;
    return undefined;
  },
});
