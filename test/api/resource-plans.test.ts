import assert from 'node:assert/strict';
import { call, createOrg, environment, key, useApp } from '../helpers/app';
import { isClientError, rest } from '../helpers/rest';
import { newId } from '../../core/ids';

describe('resource-style plans and flows', () => {
  const t = useApp();
  before(() => environment(t, 'staging', { targets: { web: { baseUrl: 'http://127.0.0.1:9' } } }));

  const signIn = [
    { action: 'navigate', target: '/login' },
    { action: 'fill', target: 'Email', value: 'qa@example.test' },
    { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
    { action: 'click', target: 'Sign in' },
  ];

  it('creates a plan with inline steps, lists it, and shows it in v1 with its steps', async () => {
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Inline sign-in',
      steps: signIn,
      platforms: ['web'],
      apiAuthProfiles: [
        { name: 'admin', credentials: [{ kind: 'bearer', source: 'environment', variable: 'ADMIN_TOKEN' }] },
      ],
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'created');
    assert.match(created.body.testPlanId, /^tp_/);

    const listed = await rest(t.app, t.org.apiKey, 'GET', '/api/plans');
    assert.equal(listed.status, 200);
    const plan = listed.body.find((p: { _id: string }) => p._id === created.body.testPlanId);
    assert.deepEqual(plan.steps, signIn);
    assert.deepEqual(plan.platforms, ['web']);
    assert.equal(plan.mode, 'manual');
    assert.equal(plan.apiAuthProfiles[0].name, 'admin');

    const v1 = await call(t.app, t.org.apiKey, 'test_plan.get', { testPlanId: created.body.testPlanId });
    assert.equal(v1.status, 200);
    assert.deepEqual(v1.body.members, []);
    assert.deepEqual(v1.body.steps, signIn);

    const v1Plan = await call(t.app, t.org.apiKey, 'test_plan.create', { idempotencyKey: key(), name: 'v1 plan' });
    const again = await rest(t.app, t.org.apiKey, 'GET', '/api/plans?limit=1');
    assert.equal(again.body.length, 1);
    assert.equal(again.body[0]._id, v1Plan.body.id);
    assert.deepEqual(again.body[0].steps, []);
    assert.equal(again.body[0].memberCount, 0);
  });

  it('takes a fill and a click without target, as v1 steps do (they act on the focused control)', async () => {
    const steps = [
      { action: 'navigate', target: '/notes' },
      { action: 'fill', value: 'Quarterly report' },
      { action: 'click' },
    ];
    const created = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Focused',
      steps,
      platforms: ['web'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const read = await call(t.app, t.org.apiKey, 'test_plan.get', { testPlanId: created.body.testPlanId });
    assert.deepEqual(read.body.steps, steps);
  });

  it('GET /api/plans without parameters returns every plan; past 1,000 the first 1,000 and a Link to the rest', async () => {
    // Issue 33: the specification's GET /api/plans takes no parameters and returns the plan records.
    const org = await createOrg(t.app.deps);
    const names = Array.from({ length: 25 }, (_, i) => `plan ${i}`);
    for (const name of names) await call(t.app, org.apiKey, 'test_plan.create', { idempotencyKey: key(), name });
    const all = await rest(t.app, org.apiKey, 'GET', '/api/plans');
    assert.equal(all.status, 200);
    assert.equal(all.body.length, 25, 'more than a page of 20');
    assert.equal(all.headers.get('Link'), null);
    const offset = await rest(t.app, org.apiKey, 'GET', '/api/plans?offset=20');
    assert.deepEqual(
      offset.body.map((p: { name: string }) => p.name),
      ['plan 4', 'plan 3', 'plan 2', 'plan 1', 'plan 0'],
    );
    // A page that holds exactly the plans left: all of them, and no Link, since none follows.
    const exact = await rest(t.app, org.apiKey, 'GET', '/api/plans?offset=20&limit=5');
    assert.equal(exact.body.length, 5);
    assert.equal(exact.headers.get('Link'), null);

    // 1,000 more, written straight to the table (creating them one by one would only be slower).
    const now = Date.now();
    const rows = Array.from({ length: 1000 }, (_, i) => [newId('tp'), org.orgId, `bulk ${i}`, now + i]);
    await t.app.deps.db.query(
      `INSERT INTO test_plans (id, org_id, name, description, platforms, steps, api_auth_profiles, mode, status, created_at, updated_at)
       VALUES ${rows.map(() => `(?, ?, ?, '', '["web"]', '[]', '[]', 'manual', 'created', ?, ?)`).join(', ')}`,
      rows.flatMap(([id, orgId, name, at]) => [id, orgId, name, at, at]),
    );
    const first = await rest(t.app, org.apiKey, 'GET', '/api/plans');
    assert.equal(first.body.length, 1000);
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('Link') ?? '');
    assert.ok(link, `Link: ${first.headers.get('Link')}`);
    const rest2 = await rest(t.app, org.apiKey, 'GET', link[1]);
    assert.equal(rest2.body.length, 25);
    assert.equal(rest2.headers.get('Link'), null);
    const seen = new Set([...first.body, ...rest2.body].map((p: { _id: string }) => p._id));
    assert.equal(seen.size, 1025, 'every plan once');
  });

  it('saves a flow by slug, reads it back, replaces it, and keeps it inside the organization', async () => {
    const put = await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/sign-in', {
      name: 'Sign in',
      description: 'Log in as QA',
      steps: signIn,
    });
    assert.equal(put.status, 200);
    assert.equal(put.body.slug, 'sign-in');
    assert.match(put.body._id, /^flow_/);
    const got = await rest(t.app, t.org.apiKey, 'GET', '/api/flows/sign-in');
    assert.deepEqual(got.body, put.body);

    const replaced = await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/sign-in', {
      name: 'Sign in v2',
      steps: signIn.slice(0, 1),
    });
    assert.equal(replaced.body._id, put.body._id);
    assert.equal(replaced.body.steps.length, 1);
    assert.equal(replaced.body.description, '');

    const other = await createOrg(t.app.deps);
    const foreign = await rest(t.app, other.apiKey, 'GET', '/api/flows/sign-in');
    assert.equal(foreign.status, 404);
    assert.ok(isClientError(foreign));
  });

  it('refuses a trigger whose flow is unknown or cyclic, naming the step, and queues nothing', async () => {
    const unknown = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Uses missing flow',
      steps: [{ action: 'flow', target: 'nowhere' }],
    });
    const triggered = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: unknown.body.testPlanId,
      environmentSlug: 'staging',
    });
    assert.equal(triggered.status, 422);
    assert.match(triggered.body.error, /steps\[0\] uses flow "nowhere", which this organization does not have/);

    await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/ping', {
      name: 'Ping',
      steps: [{ action: 'flow', target: 'pong' }],
    });
    await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/pong', {
      name: 'Pong',
      steps: [{ action: 'flow', target: 'ping' }],
    });
    const cyclic = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: 'Cycle',
      steps: [{ action: 'flow', target: 'ping' }],
    });
    const looped = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: cyclic.body.testPlanId,
      environmentSlug: 'staging',
    });
    assert.equal(looped.status, 422);
    assert.match(looped.body.error, /cycle: ping → pong → ping/);
    const runs = await call(t.app, t.org.apiKey, 'run.list', {});
    assert.equal(runs.body.items.length, 0);
  });

  it('expands flows up to 5 levels deep and refuses a sixth (docs/interface.md, Flows)', async () => {
    // depth-1 uses depth-2, … depth-5 uses depth-6, which has the steps.
    await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/depth-6', { name: 'Depth 6', steps: [signIn[0]] });
    for (let level = 5; level >= 1; level--)
      await rest(t.app, t.org.apiKey, 'PUT', `/api/flows/depth-${level}`, {
        name: `Depth ${level}`,
        steps: [{ action: 'flow', target: `depth-${level + 1}` }],
      });
    const trigger = async (flow: string) => {
      const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
        name: `Through ${flow}`,
        steps: [{ action: 'flow', target: flow }],
      });
      return rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
        testPlanId: plan.body.testPlanId,
        environmentSlug: 'staging',
      });
    };
    const five = await trigger('depth-2');
    assert.equal(five.status, 200, JSON.stringify(five.body));
    const six = await trigger('depth-1');
    assert.equal(six.status, 422, JSON.stringify(six.body));
    assert.match(six.body.error, /nested more than 5 deep/);

    // At most 500 steps after expansion: a flow of 200 twice and 100 more is 500, one more is not.
    const navigate = (n: number) => Array.from({ length: n }, (_, i) => ({ action: 'navigate', target: `/p${i}` }));
    await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/wide', { name: 'Wide', steps: navigate(200) });
    const wide = { action: 'flow', target: 'wide' };
    const planOf = async (extra: number) =>
      rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
        name: `Wide + ${extra}`,
        steps: [wide, wide, ...navigate(extra)],
      });
    for (const [extra, status] of [
      [100, 200],
      [101, 422],
    ]) {
      const plan = await planOf(extra);
      const triggered = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
        testPlanId: plan.body.testPlanId,
        environmentSlug: 'staging',
      });
      assert.equal(triggered.status, status, JSON.stringify(triggered.body));
      if (status === 422) assert.match(triggered.body.error, /more than 500 steps/);
    }
  });

  it('documents the endpoints in the OpenAPI document with their scopes', async () => {
    const doc = await (await fetch(`${t.app.url}/api/openapi.json`)).json();
    const expected: Array<[string, string, string | null]> = [
      ['/api/plans', 'get', null],
      ['/api/plans', 'post', 'svc:plans:write'],
      ['/api/generate', 'post', 'svc:plans:write'],
      ['/api/flows/{slug}', 'get', null],
      ['/api/flows/{slug}', 'put', 'svc:plans:write'],
      ['/api/run-requests', 'post', 'svc:runs:write'],
      ['/api/run-requests/status', 'get', null],
    ];
    for (const [path, method, scope] of expected) {
      const entry = doc.paths[path]?.[method];
      assert.ok(entry, `${method} ${path}`);
      assert.deepEqual(entry.security, [{ apiKey: [] }, { oauth2: scope ? [scope] : [] }], `${method} ${path}`);
    }
    const body = doc.paths['/api/run-requests'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(Object.keys(body.properties).sort(), [
      'environmentSlugs',
      'idempotencyKey',
      'planIds',
      'planNames',
      'platforms',
      'request',
    ]);
    assert.ok(doc.paths['/api/run-requests'].post.responses['202']);
  });

  it('answers every bad input with a 4xx { error }, never a 500', async () => {
    const long = 'x'.repeat(300);
    const bad: Array<[string, string, unknown, string | null]> = [
      ['POST', '/api/plans', {}, t.org.apiKey],
      ['POST', '/api/plans', { name: 'x', steps: [] }, t.org.apiKey],
      ['POST', '/api/plans', { name: long, steps: signIn }, t.org.apiKey],
      ['POST', '/api/plans', { name: 'x', steps: [{ action: 'hover', target: 'a' }] }, t.org.apiKey],
      ['POST', '/api/plans', { name: 'x', steps: [{ action: 'click', target: '' }] }, t.org.apiKey],
      ['POST', '/api/plans', { name: 'x', steps: [{ action: 'click', target: 'Go', value: 'v' }] }, t.org.apiKey],
      [
        'POST',
        '/api/plans',
        { name: 'x', steps: [{ action: 'fill', target: 'Password', value: 'hunter2' }] },
        t.org.apiKey,
      ],
      [
        'POST',
        '/api/plans',
        { name: 'x', steps: [{ action: 'fill', target: 'Note', value: 'token {{env.X}}' }] },
        t.org.apiKey,
      ],
      ['POST', '/api/plans', { name: 'x', steps: [{ action: 'flow', target: 'Not A Slug' }] }, t.org.apiKey],
      ['POST', '/api/plans', { name: 'x', steps: signIn, extra: 1 }, t.org.apiKey],
      [
        'POST',
        '/api/plans',
        { name: 'x', steps: [{ action: 'click', target: 'Go', config: { authProfile: 'ghost' } }] },
        t.org.apiKey,
      ],
      [
        'POST',
        '/api/plans',
        {
          name: 'x',
          steps: signIn,
          apiAuthProfiles: [{ name: 'a', credentials: [{ kind: 'bearer', source: 'literal', variable: 'T' }] }],
        },
        t.org.apiKey,
      ],
      ['POST', '/api/plans', { name: 'x', steps: signIn, platforms: ['web', 'web'] }, t.org.apiKey],
      ['POST', '/api/plans', '[1]', t.org.apiKey],
      ['POST', '/api/plans', '{oops', t.org.apiKey],
      ['POST', '/api/plans', { name: 'x', steps: signIn }, null],
      ['GET', '/api/plans?limit=0', undefined, t.org.apiKey],
      ['GET', '/api/plans?offset=-1', undefined, t.org.apiKey],
      ['GET', '/api/plans?color=red', undefined, t.org.apiKey],
      ['GET', '/api/plans', undefined, null],
      ['GET', '/api/flows/Not%20A%20Slug', undefined, t.org.apiKey],
      ['GET', '/api/flows/missing', undefined, t.org.apiKey],
      ['PUT', '/api/flows/self', { name: 'Self', steps: [{ action: 'flow', target: 'self' }] }, t.org.apiKey],
      ['PUT', '/api/flows/x', { name: 'x' }, t.org.apiKey],
      ['PUT', '/api/flows/x', { name: 'x', steps: signIn, slug: 'y' }, t.org.apiKey],
      ['PUT', '/api/flows/-x', { name: 'x', steps: signIn }, t.org.apiKey],
      ['PUT', '/api/flows/x', { name: 'x', steps: signIn }, null],
    ];
    for (const [method, path, body, apiKey] of bad) {
      const reply = await rest(t.app, apiKey, method as 'GET', path, body);
      assert.ok(
        isClientError(reply),
        `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)} → ${reply.status} ${JSON.stringify(reply.body)}`,
      );
    }
  });
});
