import type { EntityManager } from 'typeorm';
import { TestCaseEntity, type TestCase } from '../entities';
import type { TestCaseSettings } from '../../core/case-settings';
import { readQuery } from './query';
import { testCaseVersions } from './test-case-versions';

export interface TestCaseFilter {
  platform?: string;
  query?: string;
}

async function rowById(db: EntityManager, orgId: string, id: string, lock: boolean): Promise<TestCaseRow | null> {
  const rows = await readQuery<TestCaseRow>(
    db,
    `SELECT ${columns} FROM test_cases WHERE id = ? AND org_id = ?${lock ? ' FOR UPDATE' : ''}`,
    [id, orgId],
    true,
  );
  return rows[0] ?? null;
}

export const testCaseRepository = {
  async insert(db: EntityManager, row: TestCase) {
    await versioned(db, row.orgId, (tx) => tx.getRepository(TestCaseEntity).insert(row));
  },

  /** Raw SQL: this is the hottest read of the catalog, and the query builder costs more than the query. */
  async get(db: EntityManager, orgId: string, id: string, lock = false): Promise<TestCase | null> {
    const row = await rowById(db, orgId, id, lock);
    return row ? fromRow(row) : null;
  },

  async getMany(db: EntityManager, orgId: string, ids: string[]): Promise<TestCase[]> {
    if (!ids.length) return [];
    return db
      .getRepository(TestCaseEntity)
      .createQueryBuilder('c')
      .where('c.orgId = :orgId AND c.id IN (:...ids)', { orgId, ids })
      .getMany();
  },

  /**
   * The row with its JSON columns as stored (JSON.stringify text, see entities/json.ts), for a
   * reader that can answer with that text as it is instead of parsing and re-serializing it; with
   * the organization's Test Case version, read in the same statement (one consistent read), for a
   * reader that keeps the answer.
   */
  async getStored(
    db: EntityManager,
    orgId: string,
    id: string,
  ): Promise<{ row: StoredTestCase | null; version?: number }> {
    const rows = await readQuery<TestCaseRow & { version: string | null }>(
      db,
      `SELECT ${columns}, ${versionColumn} ` + 'FROM test_cases WHERE id = ? AND org_id = ?',
      [orgId, id, orgId],
      true,
    );
    const r = rows[0];
    if (!r) return { row: null };
    return { row: storedFrom(r), version: Number(r.version ?? 0) };
  },

  /**
   * Summaries, newest first by id (time-ordered); `platform` matches inside the JSON array text. The
   * step count is a stored column (migration TestCaseStepCount), the step list is not read.
   * `version`: the organization's Test Case version the rows show; undefined when no row came.
   */
  async list(
    db: EntityManager,
    orgId: string,
    filter: TestCaseFilter,
    after: string | null,
    take: number,
  ): Promise<{ rows: TestCaseSummary[]; version?: number }> {
    const where = ['org_id = ?'];
    const params: unknown[] = [orgId];
    if (after) {
      where.push('id < ?');
      params.push(after);
    }
    if (filter.platform) {
      where.push('platforms LIKE ?');
      params.push(`%"${filter.platform}"%`);
    }
    if (filter.query) {
      where.push('name LIKE ?');
      params.push(`%${escapeLike(filter.query)}%`);
    }
    // The organization's Test Case version, read in the same statement (one consistent read) as
    // the rows, tells a reader keeping the page which version it shows.
    const rows = await readQuery<Omit<TestCaseRow, 'steps'> & { step_count: string; version: string | null }>(
      db,
      `SELECT ${summaryColumns}, ${versionColumn} ` +
        `FROM test_cases WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`,
      [orgId, ...params, Number(take)],
      true,
    );
    // Mapped field by field, no spreads; platforms and tags stay the stored JSON text (the list
    // answers with it as it is, api/presenters/catalog.ts).
    const summaries = rows.map((r) => ({
      id: r.id,
      orgId: r.org_id,
      name: r.name,
      description: r.description,
      platforms: r.platforms,
      tags: r.tags,
      stepCount: Number(r.step_count),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    }));
    return { rows: summaries, version: rows.length ? Number(rows[0].version ?? 0) : undefined };
  },

  /** Replaces the case's own settings (null: none); raises the version as every write to a case does. */
  async updateSettings(db: EntityManager, orgId: string, id: string, settings: TestCaseSettings | null, now: number) {
    await versioned(db, orgId, (tx) =>
      tx.getRepository(TestCaseEntity).update({ orgId, id }, { settings, updatedAt: now }),
    );
  },

  async updateSteps(db: EntityManager, orgId: string, id: string, steps: object[], now: number) {
    await versioned(db, orgId, (tx) =>
      tx.getRepository(TestCaseEntity).update({ orgId, id }, { steps, updatedAt: now }),
    );
  },
};

/**
 * A write to an organization's Test Cases and the raise of its version commit together (in the
 * caller's transaction, or one of their own), so no reader can see the write under the old version.
 */
async function versioned(db: EntityManager, orgId: string, write: (db: EntityManager) => Promise<unknown>) {
  if (db.queryRunner?.isTransactionActive) {
    await write(db);
    await testCaseVersions.raise(db, orgId);
    return;
  }
  await db.transaction(async (tx) => {
    await write(tx);
    await testCaseVersions.raise(tx, orgId);
  });
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const columns = 'id, org_id, name, description, platforms, tags, steps, settings, created_at, updated_at';
const summaryColumns = 'id, org_id, name, description, platforms, tags, step_count, created_at, updated_at';
/** The organization's Test Case version as a column of the same statement (its first `?` is the org). */
const versionColumn = '(SELECT version FROM test_case_versions WHERE org_id = ?) AS version';

/** A Test Case row with platforms, tags and steps as their stored JSON text. */
export interface StoredTestCase {
  id: string;
  orgId: string;
  name: string;
  description: string;
  platforms: string;
  tags: string;
  steps: string;
  /** The settings' stored JSON text; null when the case has none. */
  settings: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A list row: platforms and tags as their stored JSON text, the step count instead of the steps. */
export type TestCaseSummary = Omit<StoredTestCase, 'steps' | 'settings'> & { stepCount: number };

interface TestCaseRow {
  id: string;
  org_id: string;
  name: string;
  description: string;
  platforms: string;
  tags: string;
  steps: string;
  settings: string | null;
  created_at: string;
  updated_at: string;
}

function storedFrom(r: TestCaseRow): StoredTestCase {
  return {
    id: r.id,
    orgId: r.org_id,
    name: r.name,
    description: r.description,
    platforms: r.platforms,
    tags: r.tags,
    steps: r.steps,
    settings: r.settings,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function fromRow(r: TestCaseRow): TestCase {
  const stored = storedFrom(r);
  return {
    ...stored,
    platforms: JSON.parse(stored.platforms),
    tags: JSON.parse(stored.tags),
    steps: JSON.parse(stored.steps),
    settings: stored.settings === null ? null : JSON.parse(stored.settings),
  };
}
