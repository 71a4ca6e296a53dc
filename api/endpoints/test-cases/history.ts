import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { idOf as id } from '../../../core/ids';
import { runStatus } from '../../../core/runs';
import { caseHistoryRepository, HISTORY_MAX_WINDOW } from '../../../db/repositories/case-history';
import { testCaseRepository } from '../../../db/repositories/test-cases';
import { historyView } from '../../presenters/history';
import { defineEndpoint, queryInt } from '../../pipeline/model';

const rate = z.number().min(0).max(1);

/** GET /api/test-cases/{testCaseId}/history: a Test Case's last Runs per environment, its rates and weakest step. */
export default defineEndpoint({
  name: 'test_cases.history',
  bindings: { rest: { method: 'GET', path: '/api/test-cases/:testCaseId/history' } },
  summary:
    "A Test Case's recent history: its last ended Runs per environment (newest first), pass rate, flake rate, " +
    'durations, and the step that failed most.',
  description:
    'Extension. Read from the ended Runs themselves: the newest `window` (default 20, at most ' +
    `${HISTORY_MAX_WINDOW}) in each environment, at most 50 environments. A flaky pass is a passing Run ` +
    'that needed a retry or a recovery.',
  access: 'credential',
  params: z.object({ testCaseId: id('tc') }),
  query: z.strictObject({
    window: queryInt(1, HISTORY_MAX_WINDOW, 20).describe(
      `Recent ended Runs per environment, 1..${HISTORY_MAX_WINDOW} (default 20).`,
    ),
  }),
  output: z.object({
    testCaseId: z.string(),
    window: z.number().int(),
    environments: z.array(
      z.object({
        environmentSlug: z.string().optional().describe('Omitted for Runs against explicit targets.'),
        passRate: rate.describe('Passing Runs / ended Runs of the window.'),
        flakeRate: rate.describe('Flaky passes / ended Runs of the window.'),
        meanDurationMs: z.number().int().optional().describe('Mean duration of the Runs whose duration is known.'),
        runs: z
          .array(
            z.object({
              runId: z.string(),
              status: runStatus,
              verdict: z.enum(['passed', 'failed', 'unverified']),
              flaky: z.boolean(),
              createdAt: z.number().int(),
              durationMs: z.number().int().optional().describe("From the runner's start to the end, when known."),
            }),
          )
          .describe('Newest first.'),
      }),
    ),
    mostFailingStep: z
      .object({
        stepIndex: z.number().int(),
        action: z.string(),
        target: z.string().optional().describe('The first 200 characters of the target.'),
        failures: z.number().int().describe('Runs of the history in which this step failed.'),
        runs: z.number().int().describe('Runs of the history.'),
      })
      .optional()
      .describe('Omitted when no step failed in the history.'),
  }),
  async handler(input, { principal, deps }) {
    const db = deps.db.manager;
    const testCase = await testCaseRepository.get(db, principal.orgId, input.testCaseId);
    if (!testCase) throw notFound(`Test Case ${input.testCaseId}`);
    const runs = await caseHistoryRepository.recentRuns(db, principal.orgId, testCase.id, input.window);
    const failing = await caseHistoryRepository.mostFailingStep(
      db,
      runs.map((r) => r.id),
    );
    return { testCaseId: testCase.id, window: input.window, ...historyView(runs, failing) };
  },
});
