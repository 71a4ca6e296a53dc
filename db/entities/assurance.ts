import { EntitySchema } from 'typeorm';
import { column } from './json';
import type { ApiRunResult, AssuranceSnapshot } from '../../core/assurance';

const { id, ref, ms, json } = column;

/** The API runner's value-free record of one Run. */
export interface ApiRunResultRow {
  runId: string;
  orgId: string;
  testPlanId: string | null;
  environmentSlug: string | null;
  passed: boolean;
  result: ApiRunResult;
  createdAt: number;
}
export const ApiRunResultEntity = new EntitySchema<ApiRunResultRow>({
  name: 'ApiRunResult',
  tableName: 'api_run_results',
  columns: {
    runId: { ...id, name: 'run_id' },
    orgId: { ...ref, name: 'org_id' },
    testPlanId: { ...ref, name: 'test_plan_id', nullable: true },
    environmentSlug: { type: 'varchar', length: 100, name: 'environment_slug', nullable: true },
    passed: { type: 'boolean' },
    result: json,
    createdAt: { ...ms, name: 'created_at' },
  },
});

/** The immutable assurance snapshot of a Run. */
export interface AssuranceSnapshotRow {
  runId: string;
  orgId: string;
  snapshot: AssuranceSnapshot;
  generatedAt: number;
}
export const AssuranceSnapshotEntity = new EntitySchema<AssuranceSnapshotRow>({
  name: 'AssuranceSnapshot',
  tableName: 'assurance_snapshots',
  columns: {
    runId: { ...id, name: 'run_id' },
    orgId: { ...ref, name: 'org_id' },
    snapshot: json,
    generatedAt: { ...ms, name: 'generated_at' },
  },
});

export const assuranceEntities = [ApiRunResultEntity, AssuranceSnapshotEntity];
