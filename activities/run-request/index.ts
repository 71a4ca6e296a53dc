import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { environmentRepository } from '../../db/repositories/environments';
import { resourcePlanRepository } from '../../db/repositories/resource-plans';
import { runRequestRepository } from '../../db/repositories/run-requests';
import type { Interpretation, RunRequestActivities } from '../../workflows/contracts';
import { AiProviderError } from '../ai/chat';
import { createInterpreter, priceInterpretation, type InterpretCatalog, type Interpreter } from '../interpret';
import { resolveStructured } from './resolve';
import { alreadyQueued, queueEntries } from './queue';
import type { ActivityDeps } from '../deps';

/** Connection-level failures of the database (down, restarting, a dropped or timed-out query). */
const OUTAGE_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ETIMEDOUT',
];
const isOutage = (error: unknown) => {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return OUTAGE_CODES.includes(String(e?.code ?? e?.driverError?.code));
};

/**
 * Runs a database step of the interpretation, retrying it while the database is unreachable for as
 * long as this attempt may last (less a margin): the activity's few attempts are meant for the
 * provider, and a restarting database would otherwise spend them in seconds and fail the request.
 */
async function whileDatabaseIsBack<T>(step: () => Promise<T>): Promise<T> {
  const info = Context.current().info;
  const until = Date.now() + Math.max(0, (info.startToCloseTimeoutMs ?? 0) - 10_000);
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!isOutage(error) || Date.now() > until) throw error;
      await Context.current().sleep(1000);
    }
  }
}

/** Activities of run requests: interpret (the only one that talks to a provider), queue, finish. */
export function runRequestActivities(
  deps: ActivityDeps,
  interpreter: Interpreter = createInterpreter(deps.config),
): RunRequestActivities {
  const { db, config, log } = deps;
  return {
    async interpretRunRequest(requestId: string): Promise<Interpretation> {
      const request = await whileDatabaseIsBack(() => runRequestRepository.byId(db.manager, requestId));
      if (!request) throw ApplicationFailure.nonRetryable(`run request ${requestId} not found`, 'RunRequestMissing');
      const catalog: InterpretCatalog = await whileDatabaseIsBack(async () => ({
        plans: await resourcePlanRepository.names(db.manager, request.orgId),
        environments: (await environmentRepository.list(db.manager, request.orgId, null, 1000)).map((e) => ({
          slug: e.slug,
          name: e.name,
        })),
      }));
      const { input } = request;
      const explicit = resolveStructured(input, catalog);
      const base = {
        platforms: input.platforms ?? null,
        invalidInput: explicit.invalid,
        rejectionReasons: [] as string[],
      };
      if (input.planIds || input.planNames || !request.request) {
        return {
          ...base,
          resolutionSource: 'structured',
          planIds: explicit.planIds,
          environmentSlugs: explicit.environmentSlugs ?? [],
        };
      }
      if (!catalog.plans.length) {
        return {
          ...base,
          resolutionSource: 'interpreter',
          planIds: [],
          environmentSlugs: [],
          rejectionReasons: ['this organization has no plans to run'],
        };
      }
      const answer = await interpret(interpreter, request.request, catalog, log);
      // Billed once per request: the ledger's key is the request, a retried activity adds nothing.
      await whileDatabaseIsBack(() =>
        runRequestRepository.recordCharge(db.manager, {
          requestId,
          orgId: request.orgId,
          provider: answer.provider,
          model: answer.model,
          promptTokens: answer.usage.promptTokens,
          completionTokens: answer.usage.completionTokens,
          ...priceInterpretation(answer, config.AI_PRICE_PER_1K_TOKENS_MICROS),
          createdAt: Date.now(),
        }),
      );
      return {
        ...base,
        resolutionSource: 'interpreter',
        planIds: answer.planIds,
        environmentSlugs: explicit.environmentSlugs ?? answer.environmentSlugs,
        platforms: input.platforms ?? (answer.platforms.length ? answer.platforms : null),
        rejectionReasons: answer.rejectionReasons,
      };
    },

    async queueRunRequest(requestId: string, interpretation: Interpretation) {
      return db.transaction(async (tx) => {
        const request = await runRequestRepository.byId(tx, requestId, true);
        if (!request) throw ApplicationFailure.nonRetryable(`run request ${requestId} not found`, 'RunRequestMissing');
        if (request.status !== 'interpreting') return alreadyQueued(deps, tx, request);
        return queueEntries(deps, tx, request, interpretation);
      });
    },

    async finishRunRequest(requestId, outcome) {
      await runRequestRepository.transition(db.manager, requestId, {
        status: outcome.status,
        ...(outcome.error ? { error: outcome.error } : {}),
      });
    },
  };
}

/** Provider failures keep their customer-safe message; anything else is logged and made generic. */
async function interpret(interpreter: Interpreter, text: string, catalog: InterpretCatalog, log: ActivityDeps['log']) {
  try {
    return await interpreter.interpret(text, catalog, Context.current().cancellationSignal);
  } catch (error) {
    if (error instanceof AiProviderError) {
      if (!error.retryable) throw ApplicationFailure.nonRetryable(error.message, 'InterpreterRefused');
      throw ApplicationFailure.retryable(error.message, 'InterpreterFailed');
    }
    if (Context.current().cancellationSignal.aborted) throw error;
    log.error('interpreter failed', { error: (error as Error)?.stack ?? String(error) });
    throw ApplicationFailure.retryable('the interpreter failed unexpectedly', 'InterpreterFailed');
  }
}
