import assert from 'node:assert/strict';
import { call, key, useApp } from '../helpers/app';
import { referencedValues, steps } from '../../core/steps';

/**
 * Bad step and target input gets INVALID_ARGUMENT (shared/interface.md: bad body, out-of-range
 * value) naming the field and what is wrong, at the bounds the OpenAPI document states: at most 20
 * captures per API step, a JSON request body, no empty member in a stored OpenAPI document.
 */
describe('step and target validation: the bounds and the messages', () => {
  const t = useApp();

  const createCase = (steps: unknown[], platforms = ['web']) =>
    call(t.app, t.org.apiKey, 'test_case.create', { idempotencyKey: key(), name: 'Validated', platforms, steps });
  const refused = (reply: { status: number; body: any }, path: string, message: RegExp) => {
    assert.equal(reply.status, 400, JSON.stringify(reply.body));
    assert.equal(reply.body.error.code, 'INVALID_ARGUMENT');
    const issue = reply.body.error.details.issues.find((i: { path: string }) => i.path === path);
    assert.ok(issue, `no issue at ${path}: ${JSON.stringify(reply.body.error.details.issues)}`);
    assert.match(issue.message, message);
  };

  it('says which part of a step is missing', async () => {
    refused(
      await createCase([{ action: 'fill', target: 'Email' }]),
      'steps.0.valueSpec',
      /a fill step needs a valueSpec/,
    );
    // Present but of the wrong type: the type is what is wrong, not that it is missing.
    const wrongType = await createCase([{ action: 'click', target: 7 }]);
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.error.code, 'INVALID_ARGUMENT');
    assert.equal(wrongType.body.error.details.issues[0].path, 'steps.0.target');
    refused(
      await createCase([{ action: 'fill', target: '', valueSpec: { kind: 'literal', text: 'x' } }]),
      'steps.0.target',
      /./,
    );
  });

  it('takes a fill and a click without target, as the Step table allows, and keeps them so', async () => {
    // The specification's Step table: target is "optional"; without one the step acts on the focused control.
    const steps = [
      { action: 'navigate', target: '/notes' },
      { action: 'click', target: 'Title' },
      { action: 'fill', valueSpec: { kind: 'literal', text: 'Quarterly report' } },
      { action: 'fill', valueSpec: { kind: 'agent' } },
      { action: 'click' },
    ];
    const created = await createCase(steps);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.deepEqual(created.body.steps, steps);
    const fetched = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: created.body.id });
    assert.deepEqual(fetched.body.steps, steps);
    const replaced = await call(t.app, t.org.apiKey, 'test_case.update_steps', {
      idempotencyKey: key(),
      testCaseId: created.body.id,
      steps: [{ action: 'click' }],
      confirm: true,
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.deepEqual(replaced.body.steps, [{ action: 'click' }]);
  });

  it('takes 20 captures on an API step and refuses 21', async () => {
    const captures = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, `/items/${i}/id`]));
    const step = (n: number) => ({ action: 'request', target: 'GET /items', config: { capture: captures(n) } });
    assert.equal((await createCase([step(20)], ['api'])).status, 200);
    refused(await createCase([step(21)], ['api']), 'steps.0.config.capture', /at most 20 captures/);
  });

  it('refuses a request body that is not JSON, placeholders aside', async () => {
    const step = (body: string) => ({ action: 'request', target: 'POST /orders', body });
    assert.equal((await createCase([step('{"sku": "{{sku}}", "qty": {{qty}}}')], ['api'])).status, 200);
    refused(await createCase([step('sku=1&qty=2')], ['api']), 'steps.0.body', /the body must be JSON/);
  });

  it('refuses a long random-looking literal as credential-shaped, but not a short one or a sentence', async () => {
    const fill = (text: string) => [{ action: 'fill', target: 'Coupon', valueSpec: { kind: 'literal', text } }];
    const token = 'aB3$kL9@pQ2!xZ7#mN5%vC8&';
    const refusedToken = await createCase(fill(token));
    assert.equal(refusedToken.status, 400, JSON.stringify(refusedToken.body));
    assert.match(refusedToken.body.error.message, /credential-shaped/);
    // Under 24 characters, or with spaces between its words, the same mix is ordinary text.
    assert.equal((await createCase(fill(token.slice(0, 20)))).status, 200);
    assert.equal((await createCase(fill('Kx9$ Lp2! Qm7# Zr4& Wt8% Yb3@'))).status, 200);
  });

  it('stores an OpenAPI document with an Environment, and refuses one with empty members', async () => {
    const upsert = (openapi: unknown) =>
      call(t.app, t.org.apiKey, 'environment.upsert', {
        idempotencyKey: key(),
        slug: `docs-${key('e').slice(-6)}`,
        name: 'Docs',
        targets: { api: { baseUrl: 'http://127.0.0.1:9', openapi } },
      });
    const stored = await upsert({ openapi: '3.0.3', info: { title: 'x'.repeat(900 * 1024), version: '1' }, paths: {} });
    assert.equal(stored.status, 200, JSON.stringify(stored.body).slice(0, 300));
    const withNull = await upsert({ openapi: '3.0.3', info: null, paths: {} });
    assert.equal(withNull.status, 400, JSON.stringify(withNull.body));
    assert.match(withNull.body.error.message, /targets\.api\.openapi\.info/);
  });
});

/**
 * The runtime values a Run's steps name (shared/interface.md: a fill's `valueSpec` of kind
 * `environment`; an API step's `{{env.NAME}}` in its path or body): what is checked present when
 * Runs are queued and all a runner may fetch for the Run.
 */
describe('the runtime values the steps reference', () => {
  it("names each fill's environment value and each {{env.NAME}} of an API step's path and body, once", () => {
    const list = steps.parse([
      { action: 'navigate', target: '/login' },
      { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: '{{env.NOT_A_VALUE}}' } },
      { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
      { action: 'request', target: 'GET /accounts/{{env.ACCOUNT}}/orders/{{orderId}}' },
      {
        action: 'request',
        target: 'POST /sessions',
        body: '{"token": "{{env.TOKEN}}", "password": "{{env.PASSWORD}}"}',
      },
    ]);
    assert.deepEqual(referencedValues(list), ['PASSWORD', 'ACCOUNT', 'TOKEN']);
    assert.deepEqual(referencedValues(steps.parse([{ action: 'request', target: 'GET /health' }])), []);
  });
});

/**
 * The specification (POST /api/trigger): "A web run can use a saved Environment or an explicit web
 * target. API and mobile runs require either environmentSlug or explicit targets." An API Run
 * also needs the API's base address from one of them (run.trigger's description).
 */
describe('the targets a trigger must name, per platform', () => {
  const t = useApp();
  const caseOf = async (platforms: string[], steps: unknown[]) => {
    const created = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: `Needs targets: ${platforms.join('+')}`,
      platforms,
      steps,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const trigger = (testCaseId: string, body: Record<string, unknown>) =>
    call(t.app, t.org.apiKey, 'run.trigger', { idempotencyKey: key(), testCaseId, ...body });
  const refused = (reply: { status: number; body: any }, message: RegExp) => {
    assert.equal(reply.status, 400, JSON.stringify(reply.body));
    assert.equal(reply.body.error.code, 'INVALID_ARGUMENT');
    assert.match(reply.body.error.message, message);
  };
  const apiStep = { action: 'request', target: 'GET /health' };

  it('refuses a mobile Run with neither environmentSlug nor targets', async () => {
    const android = await caseOf(['android'], [{ action: 'click', target: 'Get started' }]);
    refused(await trigger(android, {}), /android Run needs environmentSlug or explicit targets\.android/);
  });

  it('refuses an API Run whose targets or Environment give no API base address', async () => {
    const mixed = await caseOf(['web', 'api'], [{ action: 'navigate', target: '/' }, apiStep]);
    refused(
      await trigger(mixed, { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } }),
      /API Run needs targets\.api\.baseUrl/,
    );
    const webOnly = await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: `web-only-${key()}`.slice(0, 40).toLowerCase(),
      name: 'Web only',
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
    });
    assert.equal(webOnly.status, 200, JSON.stringify(webOnly.body));
    const api = await caseOf(['api'], [apiStep]);
    refused(await trigger(api, { environmentSlug: webOnly.body.slug }), /API Run needs targets\.api\.baseUrl/);
  });
});
