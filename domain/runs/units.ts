import type { EntityManager } from 'typeorm';
import type { TestPlan } from '../../db/entities';
import { testCaseRepository } from '../../db/repositories/test-cases';
import { testPlanRepository } from '../../db/repositories/test-plans';
import { compileSteps } from '../plans/compile';
import { type ResourceStep } from '../../core/steps';
import { AppError } from '../../core/errors';
import type { ApiAuthProfile, FuzzSetting, Step } from '../../core/steps';
import type { VisualSetting } from '../../core/visual';
import type { AccessibilitySetting } from '../../core/accessibility';
import { accessibilityFor, videoFor } from '../../core/case-settings';

/** The unit's accessibility field: present only when a setting applies (an absent one is off). */
export const withAccessibility = (setting: AccessibilitySetting | undefined) =>
  setting !== undefined ? { accessibility: setting } : {};

/** What one Run executes: a member Test Case's steps, or a plan's inline steps (no Test Case). */
export interface RunUnit {
  testCaseId: string | null;
  /** The Test Case's name, or the plan's for its inline steps (reports and selection). */
  name?: string;
  /** The Test Case's tags (`covers:<glob>` selects it for `scope: "changed"`). */
  tags?: string[];
  steps: Step[];
  platforms: string[];
  /** The plan's API identities (none for a Test Case run on its own). */
  apiAuthProfiles: ApiAuthProfile[];
  /** The plan's fuzz setting, when it has one. */
  fuzz?: FuzzSetting;
  /** The plan's visual setting, when it has one (report with the default threshold otherwise). */
  visual?: VisualSetting;
  /** The case's accessibility setting, else its plan's, when either has one (off otherwise; a trigger's wins). */
  accessibility?: AccessibilitySetting;
  /** The case's video setting, else its plan's (a trigger's wins); no video when absent. */
  video?: boolean;
}

/**
 * The Runs a plan queues: one for its inline steps (flows expanded) when it has any, then one per
 * member Test Case in order. A plan still generating, failed, or empty is FAILED_PRECONDITION.
 */
export async function planUnits(db: EntityManager, orgId: string, plan: TestPlan): Promise<RunUnit[]> {
  if (plan.status === 'generating') {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Test Plan ${plan.id} is still generating; trigger it once GET /api/plans shows it ready`,
    );
  }
  if (plan.status === 'failed') {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Test Plan ${plan.id} has no steps: its generation failed (${plan.failureReason ?? 'no reason recorded'})`,
    );
  }
  const units: RunUnit[] = [];
  const fromPlan = {
    apiAuthProfiles: plan.apiAuthProfiles,
    ...(plan.config?.fuzz !== undefined ? { fuzz: plan.config.fuzz } : {}),
    ...(plan.config?.visual !== undefined ? { visual: plan.config.visual } : {}),
    ...(plan.config?.accessibility !== undefined ? { accessibility: plan.config.accessibility } : {}),
    ...(plan.config?.video !== undefined ? { video: plan.config.video } : {}),
  };
  if (plan.steps.length) {
    units.push({
      testCaseId: null,
      name: plan.name,
      steps: await compileSteps(db, orgId, plan.steps),
      platforms: plan.platforms.length ? plan.platforms : ['web'],
      ...fromPlan,
    });
  }
  const members = await testPlanRepository.members(db, plan.id);
  const byId = new Map(
    (
      await testCaseRepository.getMany(
        db,
        orgId,
        members.map((m) => m.testCaseId),
      )
    ).map((c) => [c.id, c]),
  );
  for (const member of members) {
    const testCase = byId.get(member.testCaseId);
    if (testCase)
      units.push({
        testCaseId: testCase.id,
        name: testCase.name,
        tags: testCase.tags,
        steps: testCase.steps,
        platforms: testCase.platforms,
        ...fromPlan,
        ...withAccessibility(accessibilityFor(undefined, testCase.settings, plan.config?.accessibility)),
        video: videoFor(undefined, testCase.settings, plan.config?.video),
      });
  }
  if (!units.length) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Test Plan ${plan.id} has no steps and no member Test Cases; add steps (POST /api/plans) or members (test_plan.set_members)`,
    );
  }
  return units;
}
