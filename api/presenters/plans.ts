import type { TestPlan } from '../../db/entities';
import type { Flow } from '../../db/entities/plans';

/** A test_plans row in the resource-style shape. */
export const resourcePlanView = (p: TestPlan, memberCount: number) => ({
  _id: p.id,
  name: p.name,
  platforms: p.platforms,
  steps: p.steps,
  apiAuthProfiles: p.apiAuthProfiles,
  config: p.config,
  mode: p.mode,
  status: p.status as 'created' | 'generating' | 'ready' | 'failed',
  ...(p.failureReason ? { failureReason: p.failureReason } : {}),
  memberCount,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

export const flowView = (f: Flow) => ({
  _id: f.id,
  name: f.name,
  slug: f.slug,
  description: f.description,
  steps: f.steps,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});
