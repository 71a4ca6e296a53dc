import type { EntityManager } from 'typeorm';

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

async function nameMap(db: EntityManager, sql: string, orgId: string, keys: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map();
  const rows: Array<{ k: string; name: string | null }> = await db.query(
    sql.replace('(?)', `(${marks(unique.length)})`),
    [orgId, ...unique],
  );
  return new Map(rows.filter((r) => r.name).map((r) => [r.k, r.name!]));
}

/**
 * Names of records, so every reader sees a name where it would otherwise see an id. One small
 * indexed query per kind for a whole page, always within the organization.
 */
export const nameRepository = {
  testCases: (db: EntityManager, orgId: string, ids: string[]) =>
    nameMap(db, 'SELECT id AS k, name FROM test_cases WHERE org_id = ? AND id IN (?)', orgId, ids),
  testPlans: (db: EntityManager, orgId: string, ids: string[]) =>
    nameMap(db, 'SELECT id AS k, name FROM test_plans WHERE org_id = ? AND id IN (?)', orgId, ids),
  environments: (db: EntityManager, orgId: string, slugs: string[]) =>
    nameMap(db, 'SELECT slug AS k, name FROM environments WHERE org_id = ? AND slug IN (?)', orgId, slugs),
  /** Names of API keys (revoked ones too: what a key did stays named). */
  apiKeys: (db: EntityManager, orgId: string, ids: string[]) =>
    nameMap(db, 'SELECT id AS k, name FROM api_keys WHERE org_id = ? AND id IN (?)', orgId, ids),
};
