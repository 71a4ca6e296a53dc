import { z } from 'zod';

/** Shapes of uploaded mobile artifacts and their scans, shared by the API, the scanner and the workflows (as types). */

export const artifactPlatform = z.enum(['android', 'ios']);
export type ArtifactPlatform = z.infer<typeof artifactPlatform>;

export const scanFinding = z.object({
  code: z.string(),
  severity: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});
export type ScanFinding = z.infer<typeof scanFinding>;

/** The scan result of the specification: what POST /api/artifacts/scan returns. */
export const artifactScanResult = z.object({
  storageId: z.string(),
  status: z
    .enum(['clean', 'rejected'])
    .describe('clean: the artifact may back a Run; rejected: at least one error finding.'),
  kind: z.literal('context'),
  sha256: z.string().describe('SHA-256 of the stored bytes, hex.'),
  byteSize: z.number().int(),
  contentType: z.string(),
  scanner: z.string().describe('Name and version of the rules that produced the verdict.'),
  findings: z.array(scanFinding),
});
export type ArtifactScanResult = z.infer<typeof artifactScanResult>;
