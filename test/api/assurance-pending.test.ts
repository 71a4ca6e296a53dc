import assert from 'node:assert/strict';
import { WorkflowNotFoundError } from '@temporalio/client';
import { environment, triggerStepsPlan, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { privateQueues } from '../helpers/temporal';

/**
 * docs/api-assurance.md: the snapshot is built once, by the workflow `assurance-<runId>`, after the
 * Run ends; until then `report` is null with a reason. Without workers the Run stays queued.
 */
describe('the assurance snapshot of an API Run that has not ended', () => {
  const t = useApp(privateQueues());

  it('is report: null with a reason naming the status, and nothing is built before the Run ends', async () => {
    await environment(t, 'api-pending', { targets: { api: { baseUrl: 'http://127.0.0.1:9' } } });
    const { triggered } = await triggerStepsPlan(
      t,
      { name: 'Health', platforms: ['api'], steps: [{ action: 'request', target: 'GET /health' }] },
      'api-pending',
    );
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId: string = triggered.body.runId;

    const res = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}/assurance`);
    assert.equal(res.status, 200);
    assert.equal(res.body.report, null);
    assert.match(res.body.reason, /queued/);
    const client = await t.app.deps.temporal();
    await assert.rejects(
      client.workflow.getHandle(`assurance-${runId}`).describe(),
      WorkflowNotFoundError,
      'no snapshot is built while the Run is queued',
    );
  });

  it('is report: null with the reason for a Run on the api platform without an API step', async () => {
    await environment(t, 'both', {
      targets: { web: { baseUrl: 'http://127.0.0.1:9' }, api: { baseUrl: 'http://127.0.0.1:9' } },
    });
    const { triggered } = await triggerStepsPlan(
      t,
      { name: 'Web steps only', platforms: ['web', 'api'], steps: [{ action: 'navigate', target: '/' }] },
      'both',
    );
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const res = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${triggered.body.runId}/assurance`);
    assert.equal(res.body.report, null);
    assert.match(res.body.reason, /only Runs with API steps/);
  });
});
