import type { Browser } from 'playwright-core';
import type { EgressPolicy } from '../../core/egress';
import type { ResourceStep, Step } from '../../core/steps';
import { Redactor } from '../engines/shared/redactor';
import { runWebSteps } from '../engines/web/web';
import { toResourceStep, type ProposedCase } from './write';

/** One case after it was tried against the Environment. */
export interface TriedCase {
  title: string;
  /** `ready`: every step passed when run; `draft`: it did not, or something is missing. */
  proposal: 'ready' | 'draft';
  steps: ResourceStep[];
  /** The same steps with the checks the proof made, as a Test Case stores them. */
  runnerSteps: Step[];
  /** The checks the proof made that a plan's steps cannot hold (texts the page showed). */
  checks: string[];
  passedSteps: number;
  failedStep?: { index: number; reason: string; suggestion?: string };
  /** PNG screenshots of the steps that ran, in order. */
  screenshots: Buffer[];
  /** What is missing, in words a person can act on (drafts only). */
  missing?: string;
}

export interface ProveOptions {
  browser: Browser;
  egress?: EgressPolicy;
  baseUrl: string;
  resolveValue(name: string): Promise<string>;
  signal?: AbortSignal;
  stepTimeoutMs?: number;
}

/** Tries every case through the runner, as a Run does; only the cases that pass are proposed as ready. */
export async function proveCases(cases: ProposedCase[], o: ProveOptions): Promise<TriedCase[]> {
  const tried: TriedCase[] = [];
  for (const c of cases) {
    const base = {
      title: c.title,
      steps: c.steps.map(toResourceStep),
      runnerSteps: c.steps,
      checks: c.steps.flatMap((s) => ('expect' in s && s.expect?.text ? [s.expect.text] : [])),
    };
    if (c.missing || !c.steps.length) {
      tried.push({
        ...base,
        proposal: 'draft',
        passedSteps: 0,
        screenshots: [],
        missing: c.missing ?? 'no step could be written',
      });
      continue;
    }
    const run = await runWebSteps({
      baseUrl: o.baseUrl,
      steps: c.steps,
      browser: o.browser,
      egress: o.egress,
      redactor: new Redactor(),
      resolveValue: o.resolveValue,
      stepTimeoutMs: o.stepTimeoutMs ?? 5_000,
      signal: o.signal,
    });
    const failed = run.steps.find((s) => s.status !== 'passed');
    tried.push({
      ...base,
      proposal: run.outcome === 'passed' ? 'ready' : 'draft',
      passedSteps: run.steps.filter((s) => s.status === 'passed').length,
      ...(failed && {
        failedStep: { index: failed.index, reason: failed.reason, suggestion: failed.diagnosis?.suggestedAction },
        missing: `step ${failed.index + 1} did not pass when tried: ${failed.reason}`,
      }),
      screenshots: run.steps.flatMap((s) => (s.screenshot ? [s.screenshot] : [])),
    });
  }
  return tried;
}
