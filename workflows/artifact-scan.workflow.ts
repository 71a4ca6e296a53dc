import { proxyActivities } from '@temporalio/workflow';
import type { ArtifactScanInput, ArtifactScanResult, ScanActivities } from './contracts';

const { scanArtifact } = proxyActivities<ScanActivities>({
  // Reading and inflating a 500 MB archive takes a while; heartbeats show the scanner is alive.
  startToCloseTimeout: '20 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/**
 * Scans one uploaded artifact (workflow id `scan-<storageId>`, so concurrent scan calls share
 * one execution). The verdict is recorded by the activity; a bad archive is a `rejected`
 * result, not a failure. The workflow fails only when nothing is stored to scan.
 */
export async function artifactScanWorkflow(input: ArtifactScanInput): Promise<ArtifactScanResult> {
  return scanArtifact(input);
}
