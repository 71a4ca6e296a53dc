import type { EntityManager } from 'typeorm';

/** At most this many names per kind become an IN list; past it that arm matches the text in the Runs themselves. */
export const TEXT_MATCH_CAP = 500;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Ids and slugs are ASCII: text that is not ASCII names none of them (and MariaDB refuses to compare it with an ascii column). */
const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

export interface Predicate {
  sql: string;
  values: unknown[];
}

/** One arm of free text: the Runs whose column is one of `values`, or (past the cap) the slow predicate. */
interface Arm {
  column: string;
  values: string[] | null;
  /** When `values` is null: the predicate on the Runs, as before the small tables. */
  slow: Predicate;
}

/**
 * The Runs free text names, as predicates on `runs r` (any of them): the text is first matched in the
 * organization's few distinct names (run_labels' branches and Environment slugs, Environments',
 * Test Cases' and plans' names), then Runs are selected by equality on indexed columns, so a
 * search reads the index entries of matching Runs, never every Run of the organization. Each arm
 * is one index range; the caller joins several by UNION (an OR of them makes MariaDB 10.11 read
 * the organization's whole index, or sort_union and filesort every match).
 */
export async function textArms(db: EntityManager, orgId: string, text: string): Promise<Predicate[]> {
  const like = likeText(text);
  const ascii = isAscii(text);
  // One round trip: each kind's matches, at most one past the cap (which tells the cap was passed).
  // [kind, the value, its table and filter]; ids and slugs converted, so UNION ALL has one collation.
  const label = 'value COLLATE utf8mb4_unicode_ci LIKE ?';
  const kinds: Array<[string, string, string]> = [
    ['branch', 'value', `run_labels WHERE org_id = ? AND kind = 'branch' AND ${label}`],
    ['label', 'value', `run_labels WHERE org_id = ? AND kind = 'environment' AND ${label}`],
    ['environment', 'CONVERT(slug USING utf8mb4)', 'environments WHERE org_id = ? AND name LIKE ?'],
    ['case', 'CONVERT(id USING utf8mb4)', 'test_cases WHERE org_id = ? AND name LIKE ?'],
    ['plan', 'CONVERT(id USING utf8mb4)', 'test_plans WHERE org_id = ? AND name LIKE ?'],
  ];
  const asked = kinds.filter(([kind]) => ascii || kind !== 'label');
  const rows: Array<{ k: string; v: string }> = await db.query(
    asked
      .map(
        ([kind, value, from]) =>
          `(SELECT '${kind}' AS k, ${value} COLLATE utf8mb4_bin AS v FROM ${from} LIMIT ${TEXT_MATCH_CAP + 1})`,
      )
      .join(' UNION ALL '),
    asked.flatMap(() => [orgId, like]),
  );
  const of = (kind: string): string[] | null => {
    if (kind === 'label' && !ascii) return [];
    const found = rows.filter((r) => r.k === kind).map((r) => r.v);
    return found.length > TEXT_MATCH_CAP ? null : found;
  };
  const [branches, labelSlugs, envSlugs, cases, plans] = ['branch', 'label', 'environment', 'case', 'plan'].map(of);
  const slugs = labelSlugs && envSlugs ? [...new Set([...labelSlugs, ...envSlugs])] : null;
  const arms: Arm[] = [
    { column: 'branch', values: branches, slow: { sql: 'r.branch LIKE ?', values: [like] } },
    {
      column: 'environment_slug',
      values: slugs,
      slow: {
        sql: `(${ascii ? 'r.environment_slug LIKE ? OR ' : ''}r.environment_slug IN (SELECT slug FROM environments WHERE org_id = ? AND name LIKE ?))`,
        values: [...(ascii ? [like] : []), orgId, like],
      },
    },
    {
      column: 'test_case_id',
      values: cases,
      slow: {
        sql: 'r.test_case_id IN (SELECT id FROM test_cases WHERE org_id = ? AND name LIKE ?)',
        values: [orgId, like],
      },
    },
    {
      column: 'test_plan_id',
      values: plans,
      slow: {
        sql: 'r.test_plan_id IN (SELECT id FROM test_plans WHERE org_id = ? AND name LIKE ?)',
        values: [orgId, like],
      },
    },
  ];
  // Run ids are ULIDs (core/ids.ts): other text is no Run id, and an id arm would cost a range.
  const parts: Predicate[] = /^run_[0-9a-z]{26}$/.test(text) ? [{ sql: 'r.id = ?', values: [text] }] : [];
  for (const arm of arms) {
    if (arm.values === null) parts.push(arm.slow);
    else if (arm.values.length)
      parts.push({ sql: `r.${arm.column} IN (${arm.values.map(() => '?').join(',')})`, values: arm.values });
  }
  return parts;
}

/**
 * Keeps run_labels in step with the Runs: the branch and Environment slug of a Run being recorded,
 * in the caller's transaction. Only names not there yet are inserted (a read first), so recording
 * Runs on known names takes no lock on run_labels.
 */
export async function recordRunLabels(
  db: EntityManager,
  orgId: string,
  labels: { branch: string | null; environmentSlug: string | null },
): Promise<void> {
  const wanted = [
    ['branch', labels.branch],
    ['environment', labels.environmentSlug],
  ].filter((l): l is [string, string] => typeof l[1] === 'string' && l[1].length > 0);
  if (!wanted.length) return;
  const known: Array<{ kind: string; value: string }> = await db.query(
    `SELECT kind, value FROM run_labels WHERE org_id = ? AND (kind, value) IN (${wanted.map(() => '(?, ?)').join(',')})`,
    [orgId, ...wanted.flat()],
  );
  const missing = wanted.filter(([kind, value]) => !known.some((k) => k.kind === kind && k.value === value));
  if (missing.length)
    await db.query(
      `INSERT IGNORE INTO run_labels (org_id, kind, value) VALUES ${missing.map(() => '(?, ?, ?)').join(',')}`,
      missing.flatMap(([kind, value]) => [orgId, kind, value]),
    );
}
