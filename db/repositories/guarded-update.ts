import type { EntityManager } from 'typeorm';

/** A column assignment of an update: `column = ?` with its value, or an SQL expression as it is. */
export type Assignment = { column: string; value: unknown } | { sql: string };

/**
 * Updates the row `id` of `table` unless its status is already one of `finals`: a late or repeated
 * activity can never move a finished record. Returns whether the row moved. `finals` and `table`
 * are the repositories' own constants, never input.
 */
export async function updateUnlessFinal(
  db: EntityManager,
  table: string,
  id: string,
  finals: readonly string[],
  assignments: Assignment[],
): Promise<boolean> {
  const params: unknown[] = [];
  const sets = assignments.map((a) => {
    if ('sql' in a) return a.sql;
    params.push(a.value);
    return `${a.column} = ?`;
  });
  const result = await db.query(
    `UPDATE ${table} SET ${sets.join(', ')} WHERE id = ? AND status NOT IN (${finals.map(() => '?').join(',')})`,
    [...params, id, ...finals],
  );
  return (result.affectedRows ?? 0) > 0;
}
