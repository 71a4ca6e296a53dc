import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { ARTIFACT_MISSING, type ArtifactScanInput, type ArtifactScanResult } from '../../workflows/artifact-scan.types';

export const scanWorkflowId = (storageId: string) => `scan-${storageId}`;

/** How long a scan call waits for the verdict; a longer scan keeps running and a repeat call picks it up. */
const SCAN_WAIT_MS = 5 * 60_000;

/**
 * Runs (or joins) the scan workflow of one storage id and waits for its verdict. Concurrent
 * calls share one execution through the workflow id.
 */
export async function scanThroughWorkflow(deps: AppDeps, input: ArtifactScanInput): Promise<ArtifactScanResult> {
  const client = await deps.temporal();
  const handle = await client.workflow.start('artifactScanWorkflow', {
    taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
    workflowId: scanWorkflowId(input.storageId),
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: [input],
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('UNAVAILABLE',
      `the scan of ${input.storageId} is still running; call again with the same storageId for its result`, undefined, { 'Retry-After': '10' })), SCAN_WAIT_MS);
  });
  try {
    return await Promise.race([handle.result() as Promise<ArtifactScanResult>, waited]);
  } catch (error) {
    if (error instanceof WorkflowFailedError && rootCause(error) instanceof ApplicationFailure && (rootCause(error) as ApplicationFailure).type === ARTIFACT_MISSING) {
      throw new AppError('FAILED_PRECONDITION', `nothing is stored under ${input.storageId}; PUT the file to its uploadUrl first`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function rootCause(error: Error): unknown {
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause) cause = cause.cause;
  return cause;
}
