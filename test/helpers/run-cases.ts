import type { Browser } from 'playwright-core';
import { ContextPool } from '../../activities/engines/web/browser';
import { Redactor } from '../../activities/engines/shared/redactor';
import type { WebRunResult } from '../../activities/engines/shared/result';
import { runWebSteps } from '../../activities/engines/web/web';
import { egressPolicy } from '../../core/egress';
import type { Step } from '../../core/steps';

/**
 * Runs each case's steps through the runner, `parallel` at once, each in its own context of one
 * Chromium from the worker's pool (loopback only), as a runner worker runs Runs. Results by name.
 */
export async function runCases(
  cases: readonly { name: string; steps: Step[] }[],
  { baseUrl, browser, parallel }: { baseUrl: string; browser: Browser; parallel: number },
): Promise<Map<string, WebRunResult>> {
  const got = new Map<string, WebRunResult>();
  const pool = new ContextPool(async () => browser, egressPolicy('127.0.0.0/8', { requireHttps: false }));
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < cases.length; i = next++) {
        const c = cases[i];
        got.set(
          c.name,
          await runWebSteps({
            baseUrl,
            steps: c.steps,
            browser,
            contexts: pool,
            redactor: new Redactor(),
            resolveValue: async () => '',
          }),
        );
      }
    }),
  );
  await pool.close();
  return got;
}

/** Each step's index, status and reason (and the runner's own error, if any), one a line: an assertion's message. */
export const stepReasons = (result: WebRunResult) =>
  result.steps
    .map((s) => `${s.index} ${s.status}: ${s.reason}${s.internalError ? ` ${s.internalError}` : ''}`)
    .join('\n');

/** One Run's steps through the runner in a context of its own (no pool), with a step bound a test can shorten. */
export const runSteps = (baseUrl: string, browser: Browser, steps: Step[], stepTimeoutMs?: number) =>
  runWebSteps({ baseUrl, steps, browser, redactor: new Redactor(), resolveValue: async () => '', stepTimeoutMs });
