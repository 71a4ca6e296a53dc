import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import { JSONPath } from 'jsonpath-plus';
import { assuranceActivities } from '../../activities/assurance';
import { call, createOrg, key, useApp } from '../helpers/app';
import { shopDocument, startApiTarget, TOKENS, type ApiTarget } from '../helpers/api-target';
import { rest } from '../helpers/rest';
import { recordHistory } from '../helpers/histories';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

/** Applies an OpenAPI Overlay 1.x document: each action's update is merged into the nodes its JSONPath target selects. */
function applyOverlay(document: object, overlay: { actions: Array<{ target: string; update?: object }> }) {
  const copy = structuredClone(document) as Record<string, unknown>;
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(from)) {
      if (v && typeof v === 'object' && !Array.isArray(v) && into[k] && typeof into[k] === 'object') {
        merge(into[k] as Record<string, unknown>, v as Record<string, unknown>);
      } else into[k] = structuredClone(v);
    }
  };
  for (const action of overlay.actions) {
    const nodes = JSONPath({ path: action.target, json: copy, resultType: 'value' }) as Array<Record<string, unknown>>;
    for (const node of nodes) if (action.update) merge(node, action.update as Record<string, unknown>);
  }
  return copy;
}

async function snapshotOf(t: ReturnType<typeof useApp>, runId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}/assurance`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (res.body.report) {
      await recordHistory(t.app, `assurance-${runId}`, 'assuranceWorkflow-built');
      return res.body;
    }
    if (Date.now() > deadline) throw new Error(`no snapshot for ${runId}: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('API Runs and the assurance snapshot', function () {
  this.timeout(180_000);
  const t = useApp(privateQueues());
  // The runner host's environment holds the identities' tokens, as the specification says.
  useWorkers(t, {
    runnerPlatforms: ['api', 'web'],
    hostEnv: { SHOP_ALICE_TOKEN: TOKENS.alice, SHOP_BOB_TOKEN: TOKENS.bob },
  });
  let target: ApiTarget;
  const profiles = [
    { name: 'alice', credentials: [{ kind: 'bearer', source: 'environment', variable: 'SHOP_ALICE_TOKEN' }] },
    { name: 'bob', credentials: [{ kind: 'bearer', source: 'environment', variable: 'SHOP_BOB_TOKEN' }] },
  ];

  before(async () => {
    target = await startApiTarget();
    t.onClose(() => target.close());
    const env = await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'shop-api',
      targets: {
        api: { baseUrl: target.url, openapiUrl: `${target.url}/openapi.json` },
        web: { baseUrl: target.url },
      },
    });
    assert.equal(env.status, 200, JSON.stringify(env.body));
  });

  const createPlan = async (name: string, steps: unknown[], extra: Record<string, unknown> = {}) => {
    const res = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name,
      platforms: ['api'],
      apiAuthProfiles: profiles,
      steps,
      ...extra,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.testPlanId as string;
  };
  const trigger = async (testPlanId: string) => {
    const res = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', { testPlanId, environmentSlug: 'shop-api' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.runId as string;
  };

  const shopSteps = [
    {
      action: 'request',
      target: 'POST /orders',
      value: '{"item": "book", "quantity": 2}',
      config: { authProfile: 'alice', expectStatus: [201], capture: { orderId: '/id' } },
    },
    { action: 'request', target: 'GET /orders/{{orderId}}', config: { authProfile: 'alice' } },
    {
      action: 'request',
      target: 'GET /orders/{{orderId}}',
      config: {
        isolationProbe: {
          probeId: 'orders-bola',
          ownerStepIndex: 1,
          ownerProfile: 'alice',
          actorProfile: 'bob',
          resourceVariable: 'orderId',
          expectedDeniedStatuses: [403, 404],
        },
      },
    },
    { action: 'request', target: 'GET /orders/{{orderId}}/receipt', config: { authProfile: 'alice' } },
    { action: 'request', target: 'GET /profiles/alice', config: { authProfile: 'alice' } },
    {
      action: 'request',
      target: 'GET /profiles/alice',
      config: {
        isolationProbe: {
          ownerStepIndex: 4,
          ownerProfile: 'alice',
          actorProfile: 'bob',
          expectedDeniedStatuses: [403],
        },
      },
    },
    { action: 'request', target: 'GET /orders/{{orderId}}/notes', config: { authProfile: 'alice' } },
  ];

  let runId: string;
  let snapshot: any;

  it('runs a plan with two identities and ends failed: it demonstrated defects', async () => {
    runId = await trigger(await createPlan('Shop API', shopSteps));
    const { state, seen } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'failed', JSON.stringify(state));
    assert.equal(state.verdict, 'failed');
    assert.equal(seen[0].status, 'queued');
    assert.deepEqual(
      state.steps.map((s: { status: string }) => s.status),
      ['passed', 'passed', 'failed', 'failed', 'passed', 'passed', 'passed'],
      'API steps go on after a failed check',
    );
  });

  it('the snapshot names the BOLA hole, the contract break, the undocumented route and the fuzz 500, and nothing else', async () => {
    snapshot = await snapshotOf(t, runId);
    assert.deepEqual(
      { ...snapshot.report, generatedAt: 0 },
      {
        gateStatus: 'failing',
        gateReasons: ['1 contract failure', '1 isolation failure', '1 fuzz probe failure'],
        documentedOperationCount: 5,
        observedDocumentedOperationCount: 4,
        unobservedDocumentedOperationCount: 1,
        undocumentedObservedRouteCount: 1,
        contractFailureCount: 1,
        contractIndeterminateCount: 0,
        baselineShapeChangeCount: 0,
        isolationFailureCount: 1,
        crossChannelFailureCount: 0,
        fuzzProbeFailureCount: 1,
        findingCount: 4,
        blockingFindingCount: 3,
        generatedAt: 0,
      },
    );
    const found = snapshot.findings.map((f: any) => [f.code, f.operationKey, f.blocking]).sort();
    assert.deepEqual(found, [
      ['CONTRACT_SCHEMA_VIOLATION', 'GET /orders/{orderId}/receipt', true],
      ['FUZZ_SERVER_ERROR', 'POST /orders', true],
      ['ISOLATION_FAILURE', 'GET /orders/{orderId}', true],
      ['UNDOCUMENTED_ROUTE', 'GET /orders/{orderId}/notes', false],
    ]);
    const isolation = snapshot.findings.find((f: any) => f.code === 'ISOLATION_FAILURE');
    assert.equal(isolation.evidence, 'steps/2');
    assert.match(isolation.message, /"bob".*200.*owner: 200.*403 or 404/);
    const coverage = Object.fromEntries(snapshot.coverage.map((c: any) => [c.operationKey, c]));
    assert.equal(coverage['DELETE /orders/{orderId}'].observed, false, 'never probes DELETE, never called');
    assert.equal(coverage['GET /orders/{orderId}/notes'].documented, false);
    assert.deepEqual(coverage['POST /orders'].statuses, [201, 400, 500], 'the step and its probes');
    assert.deepEqual(coverage['GET /profiles/{profileId}'].statuses, [200, 403]);
  });

  it('its overlay patch documents the undocumented route with the observed response schema', async () => {
    assert.equal(snapshot.inferredPatches.length, 1);
    const patch = snapshot.inferredPatches[0];
    assert.equal(patch.kind, 'add-operation');
    assert.equal(patch.patchFormat, 'openapi-overlay-1.1.0');
    assert.equal(patch.operationKey, 'GET /orders/{orderId}/notes');
    assert.equal(patch.status, 200);
    const overlay = JSON.parse(patch.patchDocumentJson);
    assert.equal(overlay.overlay, '1.1.0');
    const patched = applyOverlay(shopDocument, overlay) as any;
    const operation = patched.paths['/orders/{orderId}/notes']?.get;
    assert.ok(operation, 'the route is documented after the overlay');
    assert.ok(patched.paths['/orders/{orderId}'].get, 'the rest of the document is kept');
    const schema = operation.responses['200'].content['application/json'].schema;
    const res = await fetch(`${target.url}/orders/ord_000000000001abc/notes`, {
      headers: { authorization: `Bearer ${TOKENS.alice}` },
    });
    const validate = new Ajv2020({ strict: false }).compile(schema);
    assert.ok(validate(await res.json()), 'the observed response matches the inferred schema');
  });

  it('is value-free, and no token reaches evidence, the snapshot or the workflow history', async () => {
    const text = JSON.stringify(snapshot);
    for (const leak of [TOKENS.alice, TOKENS.bob, 'ord_000000000001abc', 'book', 'leave at the door', 'EUR']) {
      assert.ok(!text.includes(leak), `the snapshot does not contain ${leak}`);
    }
    const evidence = await call(t.app, t.org.apiKey, 'run.evidence', { runId });
    assert.equal(evidence.status, 200);
    const probe = evidence.body.steps[2];
    assert.deepEqual(
      [probe.observed.status, probe.observed.ownerStatus, probe.observed.pathShape],
      [200, 200, '/orders/{orderId}'],
    );
    assert.equal(probe.diagnosis.category, 'application');
    const history = await (await t.app.deps.temporal()).workflow.getHandle(`run-${runId}`).fetchHistory();
    const everything = JSON.stringify([evidence.body, history]);
    for (const token of Object.values(TOKENS))
      assert.ok(!everything.includes(token), 'no token in evidence or history');
    assert.deepEqual([...target.authorizations].sort(), [`Bearer ${TOKENS.alice}`, `Bearer ${TOKENS.bob}`]);
  });

  it('is immutable: a second build leaves it as it was', async () => {
    await assuranceActivities({ db: t.app.deps.db }).buildAssuranceSnapshot(runId);
    const again = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}/assurance`);
    assert.deepEqual(again.body, snapshot);
  });

  it('sees a baseline shape change against the previous passing Run, and skips a step whose variable was never captured', async () => {
    const planId = await createPlan(
      'Profiles',
      [
        { action: 'request', target: 'GET /profiles/alice', config: { authProfile: 'alice' } },
        { action: 'request', target: 'GET /orders/{{neverCaptured}}', config: { authProfile: 'alice' } },
      ],
      { config: { fuzz: false } },
    );
    const first = await trigger(planId);
    assert.equal(
      (await followRun(t.app, t.org.apiKey, first)).state.status,
      'unverified',
      'a skipped step proves nothing',
    );
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId: first })).body;
    assert.equal(evidence.steps[1].status, 'skipped');
    assert.match(evidence.steps[1].reason, /\{\{neverCaptured\}\}/);

    const clean = await createPlan(
      'Profile only',
      [{ action: 'request', target: 'GET /profiles/alice', config: { authProfile: 'alice' } }],
      {
        config: { fuzz: false },
      },
    );
    const baseline = await trigger(clean);
    assert.equal((await followRun(t.app, t.org.apiKey, baseline)).state.status, 'passing');
    assert.equal((await snapshotOf(t, baseline)).report.gateStatus, 'passing');
    target.setProfileNickname(true);
    const changed = await trigger(clean);
    assert.equal(
      (await followRun(t.app, t.org.apiKey, changed)).state.status,
      'passing',
      'a new optional field is no defect',
    );
    const report = (await snapshotOf(t, changed)).report;
    assert.equal(report.baselineShapeChangeCount, 1);
    assert.equal(report.gateStatus, 'passing', 'a shape change informs, it does not block');
    target.setProfileNickname(false);
  });

  it('runs a mixed Run (api and web) step by step on each platform; a web page must show what the API created', async () => {
    const group = { groupId: 'new-order', correlationVariable: 'orderId' };
    const planId = await createPlan(
      'Order reaches the dashboard',
      [
        {
          action: 'request',
          target: 'POST /orders',
          value: '{"item": "pen", "quantity": 1}',
          config: {
            authProfile: 'alice',
            capture: { orderId: '/id' },
            crossChannel: { ...group, role: 'trigger', channel: 'api' },
          },
        },
        {
          action: 'navigate',
          target: '/dashboard',
          config: { crossChannel: { ...group, role: 'observer', channel: 'web', required: true } },
        },
        { action: 'request', target: 'GET /orders/{{orderId}}', config: { authProfile: 'alice' } },
        {
          action: 'navigate',
          target: '/dashboard/empty',
          config: { crossChannel: { ...group, role: 'observer', channel: 'web', required: true } },
        },
      ],
      { platforms: ['api', 'web'], config: { fuzz: false } },
    );
    const runId = await trigger(planId);
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    assert.equal(state.status, 'failed', JSON.stringify(state));
    assert.deepEqual(
      state.steps.map((s: { status: string }) => s.status),
      ['passed', 'passed', 'passed', 'failed'],
    );
    const run = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}`);
    assert.deepEqual(
      run.body.logs.map((l: { platform: string }) => l.platform),
      ['api', 'web', 'api', 'web'],
    );
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    assert.match(evidence.steps[3].reason, /does not show what the API created/);
    assert.equal(evidence.steps[3].diagnosis.category, 'application');
    const mixed = await snapshotOf(t, runId);
    assert.equal(mixed.report.crossChannelFailureCount, 1);
    assert.equal(mixed.report.contractFailureCount, 0);
    assert.equal(mixed.report.gateStatus, 'failing');
    assert.deepEqual(
      mixed.findings.map((f: any) => [f.code, f.evidence, f.blocking]),
      [['CROSS_CHANNEL_MISSING', 'steps/3', true]],
    );
    assert.ok(!JSON.stringify([mixed, evidence]).includes('ord_'), 'the order id (a value) is in neither');
  });

  it('serves the snapshot of a web + API Run whose first platform is web', async () => {
    // Issue 33: a ["web", "api"] Run builds a snapshot, so GET …/assurance serves it (never null forever).
    const planId = await createPlan(
      'Web first, then the API',
      [
        { action: 'navigate', target: '/dashboard' },
        {
          action: 'request',
          target: 'POST /orders',
          value: '{"item": "ink", "quantity": 1}',
          config: { authProfile: 'alice' },
        },
      ],
      { platforms: ['web', 'api'], config: { fuzz: false } },
    );
    const runId = await trigger(planId);
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    assert.ok(['passing', 'failed'].includes(state.status), JSON.stringify(state));
    const snapshot = await snapshotOf(t, runId);
    assert.notEqual(snapshot.report, null);
  });

  it('a web Run answers report: null with a reason; another organization gets NOT_FOUND', async () => {
    await call(t.app, t.org.apiKey, 'environment.upsert', {
      idempotencyKey: key(),
      slug: 'web-only',
      targets: { web: { baseUrl: 'http://127.0.0.1:9/' } },
    });
    const testCase = await call(t.app, t.org.apiKey, 'test_case.create', {
      idempotencyKey: key(),
      name: 'Home',
      platforms: ['web'],
      steps: [{ action: 'navigate', target: '/' }],
    });
    const web = await call(t.app, t.org.apiKey, 'run.trigger', {
      idempotencyKey: key(),
      testCaseId: testCase.body.id,
      environmentSlug: 'web-only',
    });
    const res = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${web.body.runIds[0]}/assurance`);
    assert.equal(res.status, 200);
    assert.equal(res.body.report, null);
    assert.match(res.body.reason, /only Runs with API steps/);
    assert.deepEqual([res.body.findings, res.body.coverage, res.body.inferredPatches], [[], [], []]);
    const other = await createOrg(t.app.deps);
    const hidden = await rest(t.app, other.apiKey, 'GET', `/api/runs/${runId}/assurance`);
    assert.equal(hidden.status, 404);
  });
});
