import type { Browser } from 'playwright-core';
import type { EgressPolicy } from '../../core/egress';
import { explore, type Exploration } from './explore';
import { proveCases, type TriedCase } from './prove';
import { writeCases } from './write';

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
}

export interface LookAndWriteResult {
  exploration: Exploration;
  cases: TriedCase[];
  /** Why nothing is ready, in words a person can act on; absent when some case is ready. */
  reason?: string;
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
  const cases = await proveCases(writeCases(o.prompt, exploration), o);
  if (cases.some((c) => c.proposal === 'ready')) return { exploration, cases };
  const pages = exploration.pages.map((p) => p.path).join(', ');
  const because = cases.find((c) => c.missing)?.missing;
  return {
    exploration,
    cases,
    reason: because
      ? `no case could be proven: ${because}`
      : `nothing in the prompt matches what ${o.baseUrl} shows (explored ${exploration.pages.length} page(s): ${pages}, within ${exploration.budget.maxPages} pages and ${exploration.budget.timeMs} ms); name the page, or the link, field or button to use`,
  };
}
