import type { EntityManager } from 'typeorm';
import type { Run } from '../../db/entities/runs';
import { nameRepository } from '../../db/repositories/names';

/** The names of the records a page of Runs refers to, by id (environments by slug). */
export interface RunNames {
  testCases: Map<string, string>;
  testPlans: Map<string, string>;
  environments: Map<string, string>;
}

/** The names of the Test Cases, plans and Environments a page of Runs refers to. */
export async function runNames(db: EntityManager, orgId: string, runs: Run[]): Promise<RunNames> {
  const ids = <K extends 'testCaseId' | 'testPlanId' | 'environmentSlug'>(k: K) =>
    runs.map((r) => r[k]).filter((v): v is string => !!v);
  const [testCases, testPlans, environments] = await Promise.all([
    nameRepository.testCases(db, orgId, ids('testCaseId')),
    nameRepository.testPlans(db, orgId, ids('testPlanId')),
    nameRepository.environments(db, orgId, ids('environmentSlug')),
  ]);
  return { testCases, testPlans, environments };
}
