import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Browser } from 'playwright-core';
import { runnerEgress } from '../../core/egress';
import type { GenerationProposal } from '../../core/generation';
import { environmentRepository } from '../../db/repositories/environments';
import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import type { GenerationRunnerActivities } from '../../workflows/contracts';
import { AiProviderError } from '../ai/chat';
import { providerSettings } from '../ai/settings';
import type { ActivityDeps } from '../deps';
import { fetchGenerationValue } from '../engines/shared/values-channel';
import { providerGenerator } from '../generate';
import { lookAndWrite, type LookAndWriteResult } from '../generate/look';

export interface GenerationRunnerDeps extends ActivityDeps {
  /** The worker's shared Chromium; exploring and each proof get their own contexts inside it. */
  browser(): Promise<Browser>;
}

/** Pages and time exploring may spend, stated in the result. */
export const EXPLORE_BUDGET = { maxPages: 8, timeMs: 30_000 };

/**
 * The web runner's part of plan generation given an Environment (issue 78 points 1–4): explore
 * the Environment's application inside the runner's egress policy, write cases from what it
 * saw, try each, store what was proposed, and end the generation. Nothing is saved into the
 * plan's steps: a person accepts the proposed cases through the catalog's own operations.
 */
export function generationRunnerActivities(deps: GenerationRunnerDeps): GenerationRunnerActivities {
  const { db, config, log, storage } = deps;
  return {
    async exploreAndPropose(planId: string): Promise<'ready' | 'failed'> {
      const generation = await resourcePlanRepository.generation(db.manager, planId);
      if (!generation?.environmentId)
        throw ApplicationFailure.nonRetryable(`plan ${planId} has no generation to explore`, 'GenerationMissing');
      if (generation.finishedAt !== null) return generation.proposal?.cases.some(isReady) ? 'ready' : 'failed';
      const environment = await environmentRepository.byId(db.manager, generation.orgId, generation.environmentId);
      const baseUrl = environment?.targets.web?.baseUrl;
      if (!environment || !baseUrl) {
        const reason = environment
          ? `the Environment ${environment.slug} has no web target; give it a web baseUrl, then generate again`
          : 'the Environment was deleted before the generation began; name another Environment';
        await resourcePlanRepository.finishGeneration(db.manager, planId, { failureReason: reason });
        return 'failed';
      }
      const variables = (await environmentRepository.valueNames(db.manager, [environment.id])).get(environment.id);
      const settings = providerSettings(config);
      const signal = Context.current().cancellationSignal;
      const started = Date.now();
      let result: LookAndWriteResult;
      try {
        result = await lookAndWrite({
          browser: await deps.browser(),
          egress: runnerEgress(config),
          baseUrl,
          prompt: generation.input,
          variables: variables ?? [],
          resolveValue: (name) => fetchGenerationValue(config, planId, name),
          ...EXPLORE_BUDGET,
          signal,
          ...(settings ? { generator: providerGenerator(settings) } : {}),
        });
      } catch (error) {
        if (error instanceof AiProviderError && !error.retryable)
          throw ApplicationFailure.nonRetryable(error.message, 'GeneratorRefused');
        if (signal.aborted) throw error;
        log.error('exploring generation failed', { planId, error: (error as Error)?.stack ?? String(error) });
        throw ApplicationFailure.retryable(
          error instanceof AiProviderError ? error.message : 'exploring the application failed unexpectedly',
          'GeneratorFailed',
        );
      }
      const proposal = await record(result, planId, generation.orgId, Date.now() - started);
      const ready = proposal.cases.some(isReady);
      await resourcePlanRepository.finishGeneration(
        db.manager,
        planId,
        ready ? { steps: [] } : { failureReason: proposal.reason ?? NOTHING_PROPOSED },
        proposal,
      );
      return ready ? 'ready' : 'failed';
    },
  };

  /** The result as stored: screenshots moved into storage, names and paths only from exploring. */
  async function record(
    r: LookAndWriteResult,
    planId: string,
    orgId: string,
    durationMs: number,
  ): Promise<GenerationProposal> {
    const cases = [];
    for (const [i, c] of r.cases.entries()) {
      const keys: string[] = [];
      for (const [n, png] of c.screenshots.entries()) {
        const key = `generations/${orgId}/${planId}/${i}-${n}.png`;
        await storage.put(key, png, 'image/png');
        keys.push(key);
      }
      cases.push({
        title: c.title,
        proposal: c.proposal,
        steps: c.steps,
        testCaseSteps: c.runnerSteps,
        checks: c.checks,
        passedSteps: c.passedSteps,
        ...(c.failedStep && { failedStep: c.failedStep }),
        ...(c.missing && { missing: c.missing }),
        screenshots: keys,
      });
    }
    const e = r.exploration;
    return {
      exploration: {
        pages: e.pages.map((p) => ({ path: p.path, title: p.title })),
        ...(e.signIn && { signInPage: e.signIn.path }),
        budget: e.budget,
        stoppedBecause: e.stoppedBecause,
      },
      cases,
      ...(r.reason && { reason: r.reason }),
      ...(r.providerTokens && { providerTokens: r.providerTokens }),
      durationMs,
    };
  }
}

const isReady = (c: { proposal: string }) => c.proposal === 'ready';

/** Never `failed` without words: lookAndWrite gives a reason whenever nothing is ready. */
const NOTHING_PROPOSED =
  'no case could be written from the prompt and the pages explored; name the page, or the link, field or button to use';
