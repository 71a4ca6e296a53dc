/** Inputs, results and activity types of the artifact scan (types only: workflows import nothing else). */

export type ArtifactPlatform = 'android' | 'ios';

export interface ScanFinding { code: string; severity: 'info' | 'warning' | 'error'; message: string }

export interface ArtifactScanInput {
  orgId: string;
  storageId: string;
  /** What the caller says it uploaded; compared with the upload intent. */
  platform: ArtifactPlatform;
  contentType: string;
  fileName: string;
}

/** The scan result of the specification: what POST /api/artifacts/scan returns. */
export interface ArtifactScanResult {
  storageId: string;
  status: 'clean' | 'rejected';
  kind: 'context';
  sha256: string;
  byteSize: number;
  contentType: string;
  scanner: string;
  findings: ScanFinding[];
}

export interface ScanActivities {
  scanArtifact(input: ArtifactScanInput): Promise<ArtifactScanResult>;
}

/** The ApplicationFailure type of a scan whose object is not (or no longer) in storage. */
export const ARTIFACT_MISSING = 'ArtifactMissing';
