import type { EntityManager } from 'typeorm';
import type { TestPlan } from '../../../db/entities';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { testPlanView } from '../../presenters/catalog';

/** A plan's record: its members read, then shaped. */
export const presentPlan = async (db: EntityManager, plan: TestPlan) =>
  testPlanView(plan, await testPlanRepository.members(db, plan.id));
