import type { ArtifactScan } from '../../db/entities/artifacts';
import type { ArtifactScanResult } from '../../core/artifacts';

/** The specification's scan result from a recorded scan. */
export function scanResult(scan: ArtifactScan): ArtifactScanResult {
  return {
    storageId: scan.storageId,
    status: scan.status,
    kind: 'context',
    sha256: scan.sha256,
    byteSize: scan.byteSize,
    contentType: scan.contentType,
    scanner: scan.scanner,
    findings: scan.findings,
  };
}
