import type { EntityManager } from 'typeorm';
import type { PlanGroup } from '../../db/entities/runs';
import { quarantineRepository } from '../../db/repositories/quarantine';
import { runRepository } from '../../db/repositories/runs';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { testPlanRepository } from '../../db/repositories/test-plans';

/** Everything a plan group view needs, read in a few queries. */
export async function readPlanGroup(db: EntityManager, group: PlanGroup) {
  const runs = await runRepository.byPlanGroup(db, group.id);
  const steps = await runRepository.steps(
    db,
    runs.map((r) => r.id),
  );
  const plan = await testPlanRepository.get(db, group.orgId, group.testPlanId);
  const caseIds = runs.flatMap((r) => (r.testCaseId ? [r.testCaseId] : []));
  const names = new Map(
    (await testCaseRepository.getMany(db, group.orgId, caseIds)).map((c) => [c.id, c.name] as const),
  );
  const quarantines = await quarantineRepository.ofCases(
    db,
    group.orgId,
    runs.filter((r) => r.quarantined).flatMap((r) => (r.testCaseId ? [r.testCaseId] : [])),
  );
  return { group, runs, steps, planName: plan?.name ?? group.testPlanId, names, quarantines };
}

export type PlanGroupRead = Awaited<ReturnType<typeof readPlanGroup>>;
