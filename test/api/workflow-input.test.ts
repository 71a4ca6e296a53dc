import assert from 'node:assert/strict';
import { loadConfig } from '../../core/config';
import type { Run } from '../../db/entities/runs';
import { runnerPlatformOf, runWorkflowInput } from '../../domain/runs/workflow-input';

/**
 * Where a recorded Run goes (docs/interface.md: mobile Runs go to runner-android / runner-ios;
 * docs/api-assurance.md: a Run naming both api and web runs every step on the web runner, and
 * the assurance snapshot is built for Runs with API steps, not for a web Run).
 */
describe('the workflow input of a recorded Run', () => {
  const config = loadConfig({
    DATABASE_URL: 'mysql://root@127.0.0.1:3307/qa',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    RUNNER_TASK_QUEUE_PREFIX: 'runner-',
  });
  const web = { action: 'click', target: 'Sign in' };
  const api = { action: 'request', target: 'GET /health' };
  const runOf = (platforms: string[], steps: unknown[]) =>
    ({ id: 'run_1', orgId: 'org_1', platforms, steps }) as unknown as Run;

  it('sends a mobile Run to its own runner, whatever its steps', () => {
    assert.equal(runnerPlatformOf(runOf(['android'], [web])), 'android');
    // Only web with api makes a mixed Run: web listed after a mobile platform changes nothing.
    assert.equal(runnerPlatformOf(runOf(['android', 'web'], [web])), 'android');
    assert.equal(runWorkflowInput({ config }, runOf(['ios'], [web])).runnerTaskQueue, 'runner-ios');
  });

  it('sends a mixed Run with a web step to the web runner, listed first or not', () => {
    assert.equal(runnerPlatformOf(runOf(['api', 'web'], [api, web])), 'web');
    // Without a web step, the runner of its first platform.
    assert.equal(runnerPlatformOf(runOf(['api', 'web'], [api])), 'api');
  });

  it('asks for the assurance snapshot only of a Run with the api platform and an API step', () => {
    assert.equal(runWorkflowInput({ config }, runOf(['api'], [api])).assurance, true);
    assert.equal(runWorkflowInput({ config }, runOf(['web', 'api'], [web])).assurance, undefined);
    assert.equal(runWorkflowInput({ config }, runOf(['web'], [web])).assurance, undefined);
  });
});
