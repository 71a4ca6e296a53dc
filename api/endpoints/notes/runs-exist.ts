import type { EntityManager } from 'typeorm';

/** Run ids of the list that are not Runs of this organization. */
export async function findMissingRuns(db: EntityManager, orgId: string, runIds: string[]): Promise<string[]> {
  if (!runIds.length) return [];
  const rows: Array<{ id: string }> = await db.query(
    `SELECT id FROM runs WHERE org_id = ? AND id IN (${runIds.map(() => '?').join(',')})`,
    [orgId, ...runIds],
  );
  const found = new Set(rows.map((r) => r.id));
  return runIds.filter((r) => !found.has(r));
}
