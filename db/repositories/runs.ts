import { updateUnlessFinal, type Assignment } from './guarded-update';
import type { EntityManager } from 'typeorm';
import { readEntities } from './query';
import { recordRunLabels, textArms, type Predicate } from './run-text';
import { RUN_VIDEO_KIND, runSource } from '../../core/runs';
import {
  PlanGroupEntity,
  RunEntity,
  RunMediaEntity,
  RunStepEntity,
  RunValueEntity,
  type PlanGroup,
  type Run,
  type RunMedia,
  type RunStatus,
  type RunStep,
} from '../entities/runs';

const minId = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);

export const terminalStatuses: RunStatus[] = ['passing', 'failed', 'unverified', 'canceled', 'invalid'];

export interface RunFilter {
  status?: string;
  /** Any of these statuses (a verdict's). */
  statuses?: readonly string[];
  testCaseId?: string;
  testPlanId?: string;
  environmentSlug?: string;
  branch?: string;
  source?: string;
  /** A commit or its prefix. */
  commitSha?: string;
  platform?: string;
  /** Created at or after this id's time (idFloor), and before that one's: the (org_id, …, id) indexes serve both. */
  fromId?: string;
  beforeId?: string;
  /** Free text: part of the Test Case's or plan's name, of the Environment's slug or name, of the branch; or a Run id. */
  text?: string;
}

/**
 * The WHERE clauses of a filtered list of an organization's Runs, with their values: one, or with
 * free text one per arm of it (any of them), to be joined by UNION.
 */
async function runWhere(db: EntityManager, orgId: string, f: RunFilter): Promise<Predicate[]> {
  const parts = ['r.org_id = ?'];
  const values: unknown[] = [orgId];
  const equal = {
    status: 'status',
    testCaseId: 'test_case_id',
    testPlanId: 'test_plan_id',
    environmentSlug: 'environment_slug',
    branch: 'branch',
    source: 'source',
  } as const;
  for (const [field, col] of Object.entries(equal)) {
    const value = f[field as keyof typeof equal];
    if (value !== undefined) (parts.push(`r.${col} = ?`), values.push(value));
  }
  if (f.statuses) (parts.push(`r.status IN (${f.statuses.map(() => '?').join(',')})`), values.push(...f.statuses));
  if (f.commitSha) (parts.push('r.commit_sha LIKE ?'), values.push(`${f.commitSha.replace(/[\\%_]/g, '')}%`));
  if (f.platform) (parts.push('JSON_CONTAINS(r.platforms, ?)'), values.push(JSON.stringify(f.platform)));
  if (f.fromId) (parts.push('r.id >= ?'), values.push(f.fromId));
  if (f.beforeId) (parts.push('r.id < ?'), values.push(f.beforeId));
  const base = { sql: parts.join(' AND '), values };
  if (!f.text) return [base];
  const arms = await textArms(db, orgId, f.text);
  return arms.map((arm) => ({ sql: `${base.sql} AND ${arm.sql}`, values: [...values, ...arm.values] }));
}

/** The ids of the Runs any of `wheres` selects (a UNION: each arm its own index range). */
function unionOfIds(wheres: Predicate[], tail = ''): Predicate {
  return {
    sql: wheres.map((w) => `(SELECT r.id FROM runs r WHERE ${w.sql}${tail})`).join(' UNION '),
    values: wheres.flatMap((w) => w.values),
  };
}

export const runRepository = {
  /** Records a Run with its steps and its names for free text (run_labels), in one transaction. */
  async insert(db: EntityManager, run: Run, steps: RunStep[]): Promise<void> {
    if (!db.queryRunner?.isTransactionActive) return db.transaction((tx) => runRepository.insert(tx, run, steps));
    await recordRunLabels(db, run.orgId, { branch: run.branch, environmentSlug: run.environmentSlug });
    await db
      .getRepository(RunEntity)
      .insert({ ...run, source: runSource(run.trigger), commitSha: run.trigger.deployment?.commitSha ?? null });
    if (steps.length) await db.getRepository(RunStepEntity).insert(steps);
  },

  async insertPlanGroup(db: EntityManager, group: PlanGroup) {
    await db.getRepository(PlanGroupEntity).insert(group);
  },

  async get(db: EntityManager, orgId: string, id: string): Promise<Run | null> {
    const [run] = await readEntities(
      db,
      RunEntity,
      'SELECT * FROM runs WHERE id = ? AND org_id = ?',
      [id, orgId],
      true,
    );
    return run ?? null;
  },

  /** For activities, which act on a Run id they were given by a workflow. */
  async byId(db: EntityManager, id: string): Promise<Run | null> {
    const [run] = await readEntities(db, RunEntity, 'SELECT * FROM runs WHERE id = ?', [id]);
    return run ?? null;
  },

  /** A page of the organization's Runs that match, newest first, after the id `after`. */
  async list(db: EntityManager, orgId: string, filter: RunFilter, after: string | null, take: number): Promise<Run[]> {
    const wheres = await runWhere(db, orgId, after ? { ...filter, beforeId: minId(filter.beforeId, after) } : filter);
    if (!wheres.length) return [];
    if (wheres.length === 1)
      return readEntities(db, RunEntity, `SELECT r.* FROM runs r WHERE ${wheres[0].sql} ORDER BY r.id DESC LIMIT ?`, [
        ...wheres[0].values,
        take,
      ]);
    // Each arm's newest `take`, then the newest `take` of them all.
    const ids = unionOfIds(wheres, ` ORDER BY r.id DESC LIMIT ${Number(take)}`);
    return readEntities(
      db,
      RunEntity,
      `SELECT r.* FROM runs r JOIN (SELECT id FROM (${ids.sql}) u ORDER BY id DESC LIMIT ?) t ON t.id = r.id ORDER BY r.id DESC`,
      [...ids.values, take],
    );
  },

  /** How many of the organization's Runs match (the total of a filtered list). */
  async count(db: EntityManager, orgId: string, filter: RunFilter): Promise<number> {
    const wheres = await runWhere(db, orgId, filter);
    if (!wheres.length) return 0;
    const ids = unionOfIds(wheres);
    const [row]: Array<{ n: string | number }> = await db.query(
      wheres.length === 1
        ? `SELECT COUNT(*) AS n FROM runs r WHERE ${wheres[0].sql}`
        : `SELECT COUNT(*) AS n FROM (${ids.sql}) u`,
      wheres.length === 1 ? wheres[0].values : ids.values,
    );
    return Number(row.n);
  },

  async listByOffset(
    db: EntityManager,
    orgId: string,
    status: string | undefined,
    offset: number,
    limit: number,
  ): Promise<Run[]> {
    return db.getRepository(RunEntity).find({
      where: { orgId, ...(status ? { status: status as RunStatus } : {}) },
      order: { id: 'DESC' },
      skip: offset,
      take: limit,
    });
  },

  async planGroup(db: EntityManager, orgId: string, id: string): Promise<PlanGroup | null> {
    return db.getRepository(PlanGroupEntity).findOneBy({ orgId, id });
  },

  /** For signed report links, which carry a plan group id and no credential. */
  async planGroupById(db: EntityManager, id: string): Promise<PlanGroup | null> {
    return db.getRepository(PlanGroupEntity).findOneBy({ id });
  },

  /** Plan groups of a plan, newest first, optionally of one commit and Environment. */
  async planGroups(
    db: EntityManager,
    orgId: string,
    filter: { testPlanId?: string; commitSha?: string; environmentSlug?: string },
    take: number,
  ): Promise<PlanGroup[]> {
    const where: Record<string, string> = { orgId };
    for (const [field, value] of Object.entries(filter)) if (value !== undefined) where[field] = value;
    return db.getRepository(PlanGroupEntity).find({ where, order: { createdAt: 'DESC', id: 'DESC' }, take });
  },

  async byPlanGroup(db: EntityManager, planGroupId: string): Promise<Run[]> {
    return db.getRepository(RunEntity).find({ where: { planGroupId }, order: { id: 'ASC' } });
  },

  async steps(db: EntityManager, runIds: string[]): Promise<Map<string, RunStep[]>> {
    const byRun = new Map<string, RunStep[]>(runIds.map((id) => [id, []]));
    if (!runIds.length) return byRun;
    const rows = await readEntities(
      db,
      RunStepEntity,
      `SELECT * FROM run_steps WHERE run_id IN (${runIds.map(() => '?').join(',')}) ORDER BY run_id, step_index`,
      runIds,
    );
    for (const r of rows) byRun.get(r.runId)!.push(r);
    return byRun;
  },

  async media(db: EntityManager, runId: string): Promise<RunMedia[]> {
    return db.getRepository(RunMediaEntity).find({ where: { runId }, order: { stepIndex: 'ASC', kind: 'ASC' } });
  },

  /** The Run's Playwright trace (kept for a Run that did not pass, or every Run with RUNNER_TRACE=always). */
  async trace(db: EntityManager, runId: string): Promise<RunMedia | null> {
    return db.getRepository(RunMediaEntity).findOneBy({ runId, kind: 'trace' });
  },

  /** The Run's video (kept for a Run that asked for one). */
  async video(db: EntityManager, runId: string): Promise<RunMedia | null> {
    return db.getRepository(RunMediaEntity).findOneBy({ runId, kind: RUN_VIDEO_KIND });
  },

  async mediaById(db: EntityManager, id: string): Promise<RunMedia | null> {
    return db.getRepository(RunMediaEntity).findOneBy({ id });
  },

  /** Media ids are derived from (run, step, kind), so a re-run step replaces its screenshot. */
  async putMedia(db: EntityManager, media: RunMedia) {
    await db.query(
      `INSERT INTO run_media (id, org_id, run_id, step_index, kind, storage_key, content_type, byte_size, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE storage_key = VALUES(storage_key),
       content_type = VALUES(content_type), byte_size = VALUES(byte_size), created_at = VALUES(created_at)`,
      [
        media.id,
        media.orgId,
        media.runId,
        media.stepIndex,
        media.kind,
        media.storageKey,
        media.contentType,
        media.byteSize,
        media.createdAt,
      ],
    );
  },

  /**
   * Moves a Run that is not yet terminal, growing its cursor. Returns false when the Run was
   * already terminal: a late or repeated activity can never revive a finished Run.
   */
  async transition(
    db: EntityManager,
    runId: string,
    fields: Partial<Pick<Run, 'status' | 'flaky' | 'attempt' | 'diagnosis' | 'startedAt' | 'finishedAt'>>,
  ): Promise<boolean> {
    const assignments: Assignment[] = [
      { sql: 'cursor_value = cursor_value + 1' },
      { column: 'updated_at', value: Date.now() },
    ];
    const columns: Record<string, string> = {
      status: 'status',
      flaky: 'flaky',
      attempt: 'attempt',
      diagnosis: 'diagnosis',
      startedAt: 'started_at',
      finishedAt: 'finished_at',
    };
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const stored = key === 'diagnosis' ? JSON.stringify(value) : key === 'flaky' ? (value ? 1 : 0) : value;
      assignments.push({ column: columns[key], value: stored });
    }
    return updateUnlessFinal(db, 'runs', runId, terminalStatuses, assignments);
  },

  /** Writes one step's state (idempotent by run and index) and grows the Run's cursor. */
  async putStep(
    db: EntityManager,
    runId: string,
    stepIndex: number,
    fields: Partial<Omit<RunStep, 'runId' | 'stepIndex'>>,
  ): Promise<boolean> {
    const repo = db.getRepository(RunStepEntity);
    const result = await repo.update({ runId, stepIndex }, { ...fields, updatedAt: Date.now() });
    if (!result.affected) return false;
    await db.query('UPDATE runs SET cursor_value = cursor_value + 1, updated_at = ? WHERE id = ?', [Date.now(), runId]);
    return true;
  },

  /** One query for many long-poll waiters. */
  async cursors(
    db: EntityManager,
    runIds: string[],
  ): Promise<Array<{ id: string; cursor: number; status: RunStatus }>> {
    if (!runIds.length) return [];
    const rows: Array<{ id: string; cursor_value: string; status: RunStatus }> = await db.query(
      `SELECT id, cursor_value, status FROM runs WHERE id IN (${runIds.map(() => '?').join(',')})`,
      runIds,
    );
    return rows.map((r) => ({ id: r.id, cursor: Number(r.cursor_value), status: r.status }));
  },

  async putValue(db: EntityManager, runId: string, name: string, sealed: string) {
    await db.getRepository(RunValueEntity).insert({ runId, name, sealed });
  },

  async valueNames(db: EntityManager, runId: string): Promise<string[]> {
    return (await db.getRepository(RunValueEntity).find({ where: { runId }, select: { name: true } })).map(
      (v) => v.name,
    );
  },

  async sealedValue(db: EntityManager, runId: string, name: string): Promise<string | null> {
    return (await db.getRepository(RunValueEntity).findOneBy({ runId, name }))?.sealed ?? null;
  },
};
