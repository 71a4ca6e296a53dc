import type { Browser } from 'playwright-core';
import type { EgressPolicy } from '../../core/egress';
import { explore, type Exploration } from './explore';
import { proveCases, type TriedCase } from './prove';
import { toRunnerStep } from '../../core/steps';
import type { Generator } from './types';
import { writeCases, type ProposedCase } from './write';

export interface LookAndWriteOptions {
  browser: Browser;
  egress?: EgressPolicy;
  baseUrl: string;
  prompt: string;
  variables: string[];
  resolveValue(name: string): Promise<string>;
  maxPages?: number;
  timeMs?: number;
  signal?: AbortSignal;
  /** A provider's generator: it writes from the prompt and the explored pages instead of the embedded writer. */
  generator?: Generator;
}

export interface LookAndWriteResult {
  exploration: Exploration;
  cases: TriedCase[];
  /** Why nothing is ready, in words a person can act on; absent when some case is ready. */
  reason?: string;
  /** The provider's tokens, when a provider wrote the cases and reported its usage. */
  providerTokens?: { prompt: number; completion: number };
}

/** Issue 78 points 1–3: explore the application, write cases from what is there, try each before proposing it. */
export async function lookAndWrite(o: LookAndWriteOptions): Promise<LookAndWriteResult> {
  const exploration = await explore(o);
  if (exploration.stoppedBecause === 'unreachable')
    return {
      exploration,
      cases: [],
      reason: `${exploration.unreachable}; check the Environment's web target, or ask the operator to allow its address`,
    };
  let providerTokens: LookAndWriteResult['providerTokens'];
  const counted = (u: { promptTokens: number; completionTokens: number }) => {
    providerTokens = {
      prompt: (providerTokens?.prompt ?? 0) + u.promptTokens,
      completion: (providerTokens?.completion ?? 0) + u.completionTokens,
    };
  };
  const cases = await proveCases(
    o.generator ? await providerCase(o, o.generator, exploration, counted) : writeCases(o.prompt, exploration),
    o,
  );
  const tokens = providerTokens ? { providerTokens } : {};
  if (cases.some((c) => c.proposal === 'ready')) return { exploration, cases, ...tokens };
  const pages = exploration.pages.map((p) => p.path).join(', ');
  const because = cases.find((c) => c.missing)?.missing;
  return {
    exploration,
    cases,
    ...tokens,
    reason: because
      ? `no case could be proven: ${because}`
      : `nothing in the prompt matches what ${o.baseUrl} shows (explored ${exploration.pages.length} page(s): ${pages}, within ${exploration.budget.maxPages} pages and ${exploration.budget.timeMs} ms); name the page, or the link, field or button to use`,
  };
}

/** The provider's case: it gets the prompt and the explored pages (names, not values) and answers in the step schema. */
async function providerCase(
  o: LookAndWriteOptions,
  generator: Generator,
  seen: Exploration,
  onUsage: (u: { promptTokens: number; completionTokens: number }) => void,
): Promise<ProposedCase[]> {
  const pages = [
    ...seen.pages,
    ...(seen.signIn?.afterSignIn ? [seen.signIn.afterSignIn] : []),
    ...(seen.signIn?.behind ?? []).map((b) => b.view),
  ];
  const steps = await generator.generate(
    {
      source: 'prompt',
      text: o.prompt,
      platforms: ['web'],
      pages: pages.map((p) => ({
        path: p.path,
        title: p.title,
        controls: p.controls.map(({ role, name }) => ({ role, name })),
        texts: p.texts,
      })),
      variables: o.variables,
    },
    o.signal,
    onUsage,
  );
  const runnable = steps.filter((s) => s.action === 'navigate' || s.action === 'fill' || s.action === 'click');
  return [
    {
      title: o.prompt.slice(0, 100),
      steps: runnable.map((s) => toRunnerStep(s as Parameters<typeof toRunnerStep>[0])),
    },
  ];
}
