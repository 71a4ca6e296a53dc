import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { explorationSummary, proposedCase, providerTokens } from '../../../core/generation';
import { idOf } from '../../../core/ids';
import { environmentRepository } from '../../../db/repositories/environments';
import { resourcePlanRepository } from '../../../db/repositories/resource-plans';
import { testPlanRepository } from '../../../db/repositories/test-plans';
import { defineEndpoint } from '../../pipeline/model';

/** How long a screenshot's link in the answer serves it, as evidence links do. */
const SCREENSHOT_TTL_S = 15 * 60;

const generationView = z.object({
  testPlanId: z.string(),
  name: z.string(),
  status: z
    .enum(['generating', 'ready', 'failed'])
    .describe('generating: wait; ready: some case is proven (or steps were written); failed: see failureReason.'),
  failureReason: z.string().optional(),
  source: z.enum(['prompt', 'diff']),
  environmentSlug: z.string().optional().describe('The Environment explored, when one was named.'),
  exploration: explorationSummary.optional().describe('What exploring read (pages by path and title, no values).'),
  cases: z
    .array(
      proposedCase.extend({
        screenshots: z
          .array(z.object({ url: z.string(), expiresAt: z.number() }))
          .describe('Screenshots of the steps tried, in order; links valid 15 minutes.'),
      }),
    )
    .describe('The proposed cases with their try results; nothing here is saved until a person creates it.'),
  reason: z.string().optional().describe('Why no case is ready, in words a person can act on.'),
  durationMs: z.number().int().optional().describe('How long exploring, writing and proving took.'),
  providerTokens: providerTokens.optional(),
  createdAt: z.number(),
  finishedAt: z.number().optional(),
});

export default defineEndpoint({
  name: 'plans.generation',
  bindings: { rest: { method: 'GET', path: '/api/generate/:testPlanId' } },
  summary: 'A plan generation: its status, what it explored and the cases it proposes with their try results.',
  description:
    'For a generation given an environmentSlug, each case was tried against that Environment: ready cases passed every ' +
    'step; drafts carry the steps that passed, the failed step with the runner reason and suggestion, and what is missing. ' +
    'To keep a case, create it with test_case.create (testCaseSteps as given) and add it to the plan with test_plan.set_members (confirm).',
  access: 'credential',
  params: z.strictObject({
    testPlanId: z.string().min(1).max(100).describe('The generated plan (POST /api/generate).'),
  }),
  output: generationView,
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const wellFormed = idOf('tp').safeParse(input.testPlanId).success;
    const plan = wellFormed ? await testPlanRepository.get(db, principal.orgId, input.testPlanId) : null;
    const generation = plan && (await resourcePlanRepository.generation(db, plan.id));
    if (!plan || !generation || generation.orgId !== principal.orgId)
      throw notFound(`plan generation ${input.testPlanId}`);
    const environment = generation.environmentId
      ? await environmentRepository.byId(db, principal.orgId, generation.environmentId)
      : null;
    const p = generation.proposal;
    const expiresAt = Date.now() + SCREENSHOT_TTL_S * 1000;
    const cases = [];
    for (const c of p?.cases ?? [])
      cases.push({
        ...c,
        screenshots: await Promise.all(
          c.screenshots.map(async (key) => ({ url: await deps.storage.readUrl(key, SCREENSHOT_TTL_S), expiresAt })),
        ),
      });
    return {
      testPlanId: plan.id,
      name: plan.name,
      status: plan.status as 'generating' | 'ready' | 'failed',
      ...(plan.failureReason ? { failureReason: plan.failureReason } : {}),
      source: generation.source,
      ...(environment ? { environmentSlug: environment.slug } : {}),
      ...(p ? { exploration: p.exploration, durationMs: p.durationMs } : {}),
      ...(p?.providerTokens ? { providerTokens: p.providerTokens } : {}),
      cases,
      ...(p?.reason ? { reason: p.reason } : {}),
      createdAt: generation.createdAt,
      ...(generation.finishedAt !== null ? { finishedAt: generation.finishedAt } : {}),
    };
  },
});
