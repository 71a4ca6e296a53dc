import { createHash } from 'node:crypto';
import type {
  ApiObservation,
  ApiRunResult,
  AssuranceFinding,
  AssuranceSnapshot,
  CoverageItem,
  InferredPatch,
} from '../../core/assurance';

const CONTRACT = new Set(['CONTRACT_SCHEMA_VIOLATION', 'CONTRACT_UNDOCUMENTED_STATUS']);
const FUZZ = new Set(['FUZZ_SERVER_ERROR', 'FUZZ_ACCEPTED_INVALID']);

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The assurance snapshot of an API Run from the runner's value-free result and, when there is
 * one, the previous passing API Run of the same plan and environment (the baseline). The gate
 * fails on any blocking finding: a contract break, an isolation failure, a fuzz finding or a
 * required cross-channel miss. Undocumented routes and baseline shape changes inform, and each
 * undocumented route gets an OpenAPI Overlay that documents it.
 */
export function buildSnapshot(result: ApiRunResult, baseline: ApiRunResult | null, now: number): AssuranceSnapshot {
  const findings: AssuranceFinding[] = [...result.findings];
  if (result.documentProblem) {
    findings.push({
      code: 'DOCUMENT_UNAVAILABLE',
      severity: 'warning',
      blocking: false,
      operationKey: '*',
      message: `contract checks did not run: ${result.documentProblem}`,
      evidence: 'run',
    });
  }

  const byKey = new Map<string, ApiObservation[]>();
  for (const o of result.observations) byKey.set(o.operationKey, [...(byKey.get(o.operationKey) ?? []), o]);
  const statusesOf = (key: string) => [...new Set((byKey.get(key) ?? []).map((o) => o.status))].sort((a, b) => a - b);

  const coverage: CoverageItem[] = result.documented.map((d) => ({
    operationKey: d.key,
    method: d.method,
    pathShape: d.template,
    documented: true,
    observed: byKey.has(d.key),
    statuses: statusesOf(d.key),
  }));
  const undocumented = [...byKey.entries()].filter(([, list]) => !list[0].documented);
  for (const [key, list] of undocumented) {
    coverage.push({
      operationKey: key,
      method: list[0].method,
      pathShape: list[0].pathShape,
      documented: false,
      observed: true,
      statuses: statusesOf(key),
    });
    const first = list.find((o) => o.source === 'step') ?? list[0];
    findings.push({
      code: 'UNDOCUMENTED_ROUTE',
      severity: 'warning',
      blocking: false,
      operationKey: key,
      message: `${key} answered ${first.status} but the OpenAPI document does not describe it; inferredPatches documents it`,
      evidence: `${first.source === 'step' ? 'steps' : 'probes'}/${first.index}`,
    });
  }
  const inferredPatches = undocumented
    .map(([key, list]) => patchFor(key, list, now))
    .filter((p): p is InferredPatch => !!p);

  for (const change of shapeChanges(result, baseline)) findings.push(change);

  const count = (codes: Set<string> | string) =>
    findings.filter((f) => (typeof codes === 'string' ? f.code === codes : codes.has(f.code))).length;
  const observedDocumented = coverage.filter((c) => c.documented && c.observed).length;
  const blocking = findings.filter((f) => f.blocking);
  const counts = {
    contractFailureCount: count(CONTRACT),
    isolationFailureCount: count('ISOLATION_FAILURE'),
    fuzzProbeFailureCount: count(FUZZ),
    crossChannelFailureCount: count('CROSS_CHANNEL_MISSING'),
  };
  const gateReasons = [
    counts.contractFailureCount && `${plural(counts.contractFailureCount, 'contract failure')}`,
    counts.isolationFailureCount && `${plural(counts.isolationFailureCount, 'isolation failure')}`,
    counts.fuzzProbeFailureCount && `${plural(counts.fuzzProbeFailureCount, 'fuzz probe failure')}`,
    blocking.some((f) => f.code === 'CROSS_CHANNEL_MISSING') &&
      `${plural(blocking.filter((f) => f.code === 'CROSS_CHANNEL_MISSING').length, 'required cross-channel miss')}`,
    result.documentProblem && 'no OpenAPI document: contracts were not checked',
  ].filter((r): r is string => typeof r === 'string');
  return {
    report: {
      gateStatus: blocking.length ? 'failing' : 'passing',
      gateReasons,
      documentedOperationCount: result.documented.length,
      observedDocumentedOperationCount: observedDocumented,
      unobservedDocumentedOperationCount: result.documented.length - observedDocumented,
      undocumentedObservedRouteCount: undocumented.length,
      ...counts,
      contractIndeterminateCount: result.observations.filter((o) => o.contract === 'indeterminate').length,
      baselineShapeChangeCount: count('BASELINE_SHAPE_CHANGE'),
      findingCount: findings.length,
      blockingFindingCount: blocking.length,
      generatedAt: now,
    },
    findings,
    coverage,
    inferredPatches,
  };
}

/** Response shapes of the Run's steps that differ from the baseline's for the same operation and status. */
function shapeChanges(result: ApiRunResult, baseline: ApiRunResult | null): AssuranceFinding[] {
  if (!baseline) return [];
  const before = new Map<string, string>();
  for (const o of baseline.observations) {
    if (o.source === 'step' && o.fingerprint) before.set(`${o.operationKey} ${o.status}`, o.fingerprint);
  }
  const seen = new Set<string>();
  return result.observations.flatMap((o) => {
    const key = `${o.operationKey} ${o.status}`;
    const was = before.get(key);
    if (o.source !== 'step' || !o.fingerprint || !was || was === o.fingerprint || seen.has(key)) return [];
    seen.add(key);
    return [
      {
        code: 'BASELINE_SHAPE_CHANGE',
        severity: 'warning' as const,
        blocking: false,
        operationKey: o.operationKey,
        message: `the ${o.status} response of ${o.operationKey} changed shape since the last passing Run (${was} → ${o.fingerprint})`,
        evidence: `steps/${o.index}`,
      },
    ];
  });
}

/** An OpenAPI Overlay 1.1.0 document that adds an observed, undocumented operation with its observed response. */
function patchFor(operationKey: string, list: ApiObservation[], now: number): InferredPatch | null {
  const sample = list.find((o) => o.inferredSchema && o.status < 300) ?? list.find((o) => o.inferredSchema);
  if (!sample?.inferredSchema) return null;
  const { method, pathShape } = sample;
  const parameters = [...pathShape.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const name = operationName(method, pathShape);
  const contentType = sample.contentType || 'application/json';
  const overlay = {
    overlay: '1.1.0',
    info: { title: `Document ${operationKey}`, version: '1.0.0' },
    actions: [
      {
        target: '$.paths',
        description: `Add ${operationKey}, observed answering ${sample.status}`,
        update: {
          [pathShape]: {
            [method.toLowerCase()]: {
              operationId: name,
              summary: `${operationKey} (inferred from an observed response)`,
              ...(parameters.length ? { parameters } : {}),
              responses: {
                [String(sample.status)]: {
                  description: 'Observed response (types inferred; no values).',
                  content: { [contentType]: { schema: sample.inferredSchema } },
                },
              },
            },
          },
        },
      },
    ],
  };
  return {
    patchKey: `patch_${digest(`${operationKey} ${sample.status} ${sample.fingerprint ?? ''}`)}`,
    kind: 'add-operation',
    operationKey,
    method,
    pathShape,
    targetPath: '$.paths',
    name,
    contentType,
    shapeFingerprint: sample.fingerprint ?? '',
    rationale: `${operationKey} answered ${sample.status} ${contentType} in ${sample.source === 'step' ? 'steps' : 'probes'}/${sample.index}, and the OpenAPI document has no such operation.`,
    patchDocumentJson: JSON.stringify(overlay),
    status: sample.status,
    patchFormat: 'openapi-overlay-1.1.0',
    generatedAt: now,
  };
}

/** `GET /orders/{orderId}/notes` → `getOrdersOrderIdNotes`. */
function operationName(method: string, pathShape: string): string {
  const words = pathShape.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}
