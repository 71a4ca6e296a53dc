import { EntitySchema } from 'typeorm';
import { column } from './json';

const { id, ref, ms } = column;

export type QuarantineSource = 'manual' | 'policy';

/** Why, how and by whom: a quarantine and each of its events record the same three columns. */
const why = {
  reason: { type: 'varchar', length: 500 },
  source: { type: 'varchar', length: 10 },
  byWhom: { type: 'varchar', length: 200, name: 'by_whom' },
} as const;

/** A Test Case in quarantine: its Runs keep their verdicts but gate nothing. */
export interface Quarantine {
  testCaseId: string;
  orgId: string;
  reason: string;
  source: QuarantineSource;
  /** Who put it there: a credential's name, or `policy`. */
  byWhom: string;
  since: number;
}
export const QuarantineEntity = new EntitySchema<Quarantine>({
  name: 'Quarantine',
  tableName: 'test_case_quarantines',
  columns: {
    testCaseId: { ...ref, name: 'test_case_id', primary: true },
    orgId: { ...ref, name: 'org_id' },
    ...why,
    since: ms,
  },
});

/** Each quarantine and release, kept: the subject of its webhook event and the case's history. */
export interface QuarantineEvent {
  id: string;
  orgId: string;
  testCaseId: string;
  kind: 'quarantined' | 'released';
  reason: string;
  source: QuarantineSource;
  byWhom: string;
  at: number;
}
export const QuarantineEventEntity = new EntitySchema<QuarantineEvent>({
  name: 'QuarantineEvent',
  tableName: 'quarantine_events',
  columns: {
    id,
    orgId: { ...ref, name: 'org_id' },
    testCaseId: { ...ref, name: 'test_case_id' },
    kind: { type: 'varchar', length: 20 },
    ...why,
    at: ms,
  },
});

export interface QuarantinePolicyRow {
  orgId: string;
  enabled: boolean;
  flakyPasses: number;
  window: number;
  releaseAfterCleanPasses: number;
  updatedAt: number;
}
export const QuarantinePolicyEntity = new EntitySchema<QuarantinePolicyRow>({
  name: 'QuarantinePolicy',
  tableName: 'quarantine_policies',
  columns: {
    orgId: { ...ref, name: 'org_id', primary: true },
    enabled: { type: 'boolean' },
    flakyPasses: { type: 'int', name: 'flaky_passes' },
    window: { type: 'int', name: 'window_runs' },
    releaseAfterCleanPasses: { type: 'int', name: 'release_after' },
    updatedAt: { ...ms, name: 'updated_at' },
  },
});

export const quarantineEntities = [QuarantineEntity, QuarantineEventEntity, QuarantinePolicyEntity];
