import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import { idFloor } from '../../../core/ids';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { queryInt } from '../../pipeline/model';

const DAY_MS = 86_400_000;

/** How many days back an insight looks. */
export const windowDays = (look: 'count' | 'look') =>
  queryInt(1, 90, 14).describe(`How many days back to ${look}, 1..90 (default 14).`);

/** The insights over a window of days and a top list: how many days back, and how many entries. */
export const windowQuery = (look: 'count' | 'look', entries: string) =>
  z.strictObject({
    days: windowDays(look),
    limit: queryInt(1, 50, 10).describe(`How many ${entries}, 1..50 (default 10).`),
  });

/** The smallest Run id created in the last `days` days: the window is a range of the primary key. */
export const windowFloor = (days: number) => idFloor('run', Date.now() - days * DAY_MS);

/** What a step insight is about: a Test Case, or a plan for its own (inline) steps. */
export const subjectFields = {
  testCaseId: z.string().optional(),
  testPlanId: z.string().optional().describe("Set for a plan's own (inline) steps."),
  name: z.string().describe("The Test Case's name, or the plan's for its own steps."),
};

interface Subject {
  testCaseId: string | null;
  testPlanId: string | null;
}

/**
 * The subject fields of each row, named: one read of the cases and one of the plans for all rows.
 * A row of a case names the case; one without names its plan (a plan's own steps).
 */
export async function subjectsOf(
  db: EntityManager,
  orgId: string,
  rows: Subject[],
): Promise<(row: Subject) => { testCaseId?: string; testPlanId?: string; name: string }> {
  const caseIds = [...new Set(rows.flatMap((r) => (r.testCaseId ? [r.testCaseId] : [])))];
  const planIds = [...new Set(rows.flatMap((r) => (!r.testCaseId && r.testPlanId ? [r.testPlanId] : [])))];
  const [cases, plans] = await Promise.all([
    testCaseRepository.getMany(db, orgId, caseIds),
    testPlanRepository.getMany(db, orgId, planIds),
  ]);
  const names = new Map([...cases, ...plans].map((x) => [x.id, x.name] as const));
  return (r) => ({
    ...(r.testCaseId ? { testCaseId: r.testCaseId } : r.testPlanId ? { testPlanId: r.testPlanId } : {}),
    name: names.get(r.testCaseId ?? r.testPlanId ?? '') ?? '',
  });
}
