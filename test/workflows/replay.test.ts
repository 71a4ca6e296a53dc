import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../../activities/worker';
import { HISTORY_DIR } from '../helpers/histories';
import { installRuntime } from '../helpers/temporal';

/**
 * Safe deploys: Runs live for minutes to hours, so new workflow code meets executions that began
 * under the old code. Every history recorded under test/histories (real executions of each
 * workflow type: passing, failing, retrying, canceled, …) must replay on the current code; a
 * change that would break workflows in flight fails here (use `patched()`; see docs/reliability.md).
 */
describe('recorded workflow histories replay on the current workflow code', function () {
  this.timeout(180_000);
  const files = fs.existsSync(HISTORY_DIR)
    ? fs
        .readdirSync(HISTORY_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];

  it('has histories of every workflow type', () => {
    const types = new Set(
      files.map(
        (f) =>
          JSON.parse(fs.readFileSync(path.join(HISTORY_DIR, f), 'utf8')).events[0]
            .workflowExecutionStartedEventAttributes.workflowType.name,
      ),
    );
    for (const type of [
      'runWorkflow',
      'planGroupWorkflow',
      'runRequestWorkflow',
      'planGenerationWorkflow',
      'artifactScanWorkflow',
      'assuranceWorkflow',
      'webhookEventWorkflow',
      'webhookDeliveryWorkflow',
      'retentionPurgeWorkflow',
      'scheduledPlanWorkflow',
    ]) {
      assert.ok(types.has(type), `a recorded ${type} history`);
    }
  });

  for (const file of files) {
    it(`replays ${file}`, async () => {
      installRuntime();
      const history = JSON.parse(fs.readFileSync(path.join(HISTORY_DIR, file), 'utf8'));
      await Worker.runReplayHistory({ workflowBundle: await workflowBundle(), replayName: file }, history);
    });
  }
});
