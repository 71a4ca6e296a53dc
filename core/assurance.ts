import { z } from 'zod';

/**
 * The API assurance snapshot of a Run (GET /api/runs/{runId}/assurance): value-free by
 * construction, with status codes, path shapes, type fingerprints and counts, never bodies,
 * headers or values. Built once after an API Run ends and never changed.
 */

export const findingSeverity = z.enum(['error', 'warning', 'info']);

export const assuranceFinding = z.object({
  code: z
    .string()
    .describe(
      'CONTRACT_SCHEMA_VIOLATION, CONTRACT_UNDOCUMENTED_STATUS, ISOLATION_FAILURE, FUZZ_SERVER_ERROR, ' +
        'FUZZ_ACCEPTED_INVALID, CROSS_CHANNEL_MISSING, UNDOCUMENTED_ROUTE or BASELINE_SHAPE_CHANGE.',
    ),
  severity: findingSeverity,
  blocking: z.boolean().describe('A blocking finding fails the gate.'),
  operationKey: z.string().describe('METHOD /path/{template}, as documented or as inferred from the observed path.'),
  message: z.string(),
  evidence: z.string().describe('Where it was seen: `steps/<index>` (run.evidence) or `probes/<n>`.'),
});
export type AssuranceFinding = z.infer<typeof assuranceFinding>;

export const coverageItem = z.object({
  operationKey: z.string(),
  method: z.string(),
  pathShape: z.string(),
  documented: z.boolean(),
  observed: z.boolean(),
  statuses: z.array(z.number().int()).describe('Statuses seen for this operation, ascending.'),
});
export type CoverageItem = z.infer<typeof coverageItem>;

export const inferredPatch = z.object({
  patchKey: z.string(),
  kind: z.literal('add-operation'),
  operationKey: z.string(),
  method: z.string(),
  pathShape: z.string(),
  targetPath: z.string().describe('The JSONPath the overlay action targets.'),
  name: z.string(),
  contentType: z.string(),
  shapeFingerprint: z.string(),
  rationale: z.string(),
  patchDocumentJson: z.string().describe('An OpenAPI Overlay 1.1.0 document, as JSON text.'),
  status: z.number().int(),
  patchFormat: z.literal('openapi-overlay-1.1.0'),
  generatedAt: z.number(),
});
export type InferredPatch = z.infer<typeof inferredPatch>;

export const assuranceReport = z.object({
  gateStatus: z.enum(['passing', 'failing']),
  gateReasons: z.array(z.string()),
  documentedOperationCount: z.number().int(),
  observedDocumentedOperationCount: z.number().int(),
  unobservedDocumentedOperationCount: z.number().int(),
  undocumentedObservedRouteCount: z.number().int(),
  contractFailureCount: z.number().int(),
  contractIndeterminateCount: z.number().int(),
  baselineShapeChangeCount: z.number().int(),
  isolationFailureCount: z.number().int(),
  crossChannelFailureCount: z.number().int(),
  fuzzProbeFailureCount: z.number().int(),
  findingCount: z.number().int(),
  blockingFindingCount: z.number().int(),
  generatedAt: z.number(),
});
export type AssuranceReport = z.infer<typeof assuranceReport>;

export const assuranceSnapshot = z.object({
  report: assuranceReport
    .nullable()
    .describe('null while the snapshot of a finished API Run is being built, and for other Runs.'),
  reason: z.string().optional().describe('Why report is null.'),
  findings: z.array(assuranceFinding),
  coverage: z.array(coverageItem),
  inferredPatches: z.array(inferredPatch),
});
export type AssuranceSnapshot = z.infer<typeof assuranceSnapshot>;

/** A JSON Schema object, as OpenAPI 3.1 documents carry them. */
export type JsonSchema = { [keyword: string]: unknown };

/** The verdict of checking one response against its documented schema. */
export type ContractVerdict = 'pass' | 'fail' | 'indeterminate';

/** One request the API runner made (a step's or a probe's), value-free. */
export interface ApiObservation {
  source: 'step' | 'probe';
  /** The step index, or the probe's number. */
  index: number;
  method: string;
  pathShape: string;
  operationKey: string;
  documented: boolean;
  status: number;
  contentType: string;
  durationMs: number;
  fingerprint?: string;
  /** Undocumented routes only: the types of the body, to document the route. */
  inferredSchema?: JsonSchema;
  contract?: ContractVerdict;
}

/** The API runner's record of a Run, from which the assurance snapshot is built. */
export interface ApiRunResult {
  /** Every operation the document lists (empty when there was no usable document). */
  documented: Array<{ key: string; method: string; template: string }>;
  /** Why no document could be used, when none could. */
  documentProblem?: string;
  observations: ApiObservation[];
  /** Findings the runner demonstrated: contract, isolation, fuzz and cross-channel. */
  findings: AssuranceFinding[];
}
