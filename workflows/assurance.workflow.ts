import { proxyActivities } from '@temporalio/workflow';
import type { AssuranceActivities, AssuranceWorkflowInput } from './contracts';
import { announce } from './webhook.workflow';

const { buildAssuranceSnapshot } = proxyActivities<AssuranceActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/**
 * Builds the assurance snapshot of an ended API Run (workflow id `assurance-<runId>`): started by
 * the Run's workflow when it ends, or by GET /api/runs/{runId}/assurance for a Run that ended
 * without one. The activity stores the snapshot once, so running this twice changes nothing.
 */
export async function assuranceWorkflow(input: AssuranceWorkflowInput): Promise<void> {
  await buildAssuranceSnapshot(input.runId);
  await announce(input.orgId, 'assurance.ready', input.runId);
}
