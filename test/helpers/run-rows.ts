import { ulid } from 'ulid';
import type { EntityManager } from 'typeorm';
import type { Run } from '../../db/entities/runs';
import { runRepository } from '../../db/repositories/runs';
import type { RunTrigger } from '../../core/runs';

/** What a seeded Run differs in; the rest is an ended web Run queued by a script. */
export interface RunRow {
  orgId: string;
  createdAt: number;
  status?: Run['status'];
  testCaseId?: string | null;
  testPlanId?: string | null;
  environmentSlug?: string | null;
  platforms?: string[];
  branch?: string | null;
  trigger?: Partial<RunTrigger>;
  durationMs?: number;
}

/**
 * Inserts a Run through the repository's own insert (so its source and commit columns are what a
 * queued Run gets), with an id of its creation time, as a Run queued then has.
 */
export async function insertRun(db: EntityManager, row: RunRow): Promise<string> {
  const id = `run_${ulid(row.createdAt).toLowerCase()}`;
  const ended = row.status !== 'queued' && row.status !== 'running';
  const run: Run = {
    id,
    orgId: row.orgId,
    testCaseId: row.testCaseId ?? null,
    testPlanId: row.testPlanId ?? null,
    planGroupId: null,
    environmentId: null,
    environmentSlug: row.environmentSlug ?? null,
    status: row.status ?? 'passing',
    flaky: false,
    cursor: 3,
    attempt: 1,
    platforms: row.platforms ?? ['web'],
    targets: {},
    steps: [],
    trigger: {
      source: 'v1',
      branch: row.branch ?? null,
      pr: null,
      deployment: null,
      scope: null,
      changedFiles: [],
      environmentSlug: row.environmentSlug ?? null,
      ...row.trigger,
    },
    branch: row.branch ?? null,
    diagnosis: null,
    api: null,
    createdAt: row.createdAt,
    updatedAt: row.createdAt + (row.durationMs ?? 1000) + 500,
    startedAt: row.createdAt + 500,
    finishedAt: ended ? row.createdAt + 500 + (row.durationMs ?? 1000) : null,
    pinnedAt: null,
    mediaExpiredAt: null,
  };
  await runRepository.insert(db, run, []);
  return id;
}
