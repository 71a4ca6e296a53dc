import { randomUUID } from 'node:crypto';
import { EXIT, QaError, type Api } from './http';
import type { Output } from './output';
import { ID, type Generation } from './shapes';

/** How often `qa generate --wait` asks again while the generation runs. */
const POLL_MS = 2_000;

export interface GenerateOptions {
  json: boolean;
  wait: boolean;
  timeoutMs: number;
  idempotencyKey?: string;
  name?: string;
}

/**
 * `qa generate "<prompt>" --env <slug>`: asks for a plan generation that explores the
 * Environment, and (with --wait) prints the cases it proposes, each ready or a draft with what
 * is missing, or the reason nothing was proposed. Saves nothing: a person keeps a case.
 */
export async function generateCommand(
  api: Api,
  out: Output,
  prompt: string,
  env: string,
  o: GenerateOptions,
): Promise<number> {
  const started: { testPlanId: string } = await api.request(
    'POST',
    '/api/generate',
    { name: o.name ?? prompt.replace(/\s+/g, ' ').trim().slice(0, 100), prompt, environmentSlug: env },
    // One key for every attempt of this command: a retry after a lost answer starts one generation.
    { 'Idempotency-Key': o.idempotencyKey ?? randomUUID() },
  );
  if (!o.wait) {
    if (o.json) process.stdout.write(`${JSON.stringify(started)}\n`);
    else out.line(`${started.testPlanId}: generating; see it with qa generation ${started.testPlanId}`);
    return EXIT.passed;
  }
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    const g: Generation = await api.request('GET', `/api/generate/${started.testPlanId}`);
    if (g.status !== 'generating') return show(out, g, o.json);
    if (Date.now() > deadline) {
      out.line(`qa: still generating; see it later with qa generation ${started.testPlanId}`);
      return EXIT.timedOut;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** `qa generation <testPlanId>`: one generation's status, proposed cases and reasons. */
export async function generationCommand(api: Api, out: Output, testPlanId: string, json: boolean): Promise<number> {
  if (!ID.plan.test(testPlanId)) throw new QaError(EXIT.usage, 'usage: qa generation <tp_… id>');
  return show(out, await api.request('GET', `/api/generate/${testPlanId}`), json);
}

/** Prints a generation; exit 0 when some case is ready (or it is still generating), 1 when none is. */
export function show(out: Output, g: Generation, json: boolean): number {
  if (json) process.stdout.write(`${JSON.stringify(g)}\n`);
  else {
    out.line(`${g.testPlanId} ${g.name}: ${g.status}${g.environmentSlug ? ` (Environment ${g.environmentSlug})` : ''}`);
    const e = g.exploration;
    if (e)
      out.line(
        `  explored ${e.pages.length} page(s): ${e.pages.map((p) => p.path).join(', ')} ` +
          `(budget ${e.budget.maxPages} pages, ${Math.round(e.budget.timeMs / 1000)} s; ${e.stoppedBecause})`,
      );
    for (const c of g.cases) {
      out.line(`  ${c.proposal.padEnd(5)}  ${c.title}  (${c.passedSteps}/${c.steps.length} steps passed when tried)`);
      if (c.failedStep)
        out.line(
          `         step ${c.failedStep.index + 1} failed: ${c.failedStep.reason}` +
            (c.failedStep.suggestion ? `; ${c.failedStep.suggestion}` : ''),
        );
      else if (c.missing) out.line(`         missing: ${c.missing}`);
    }
    const reason = g.reason ?? g.failureReason;
    if (reason) out.line(`  why: ${reason}`);
    if (g.cases.some((c) => c.proposal === 'ready'))
      out.line('  keep a case: test_case.create with its testCaseSteps (qa generation <id> --json shows them)');
  }
  return g.status === 'failed' ? EXIT.failed : EXIT.passed;
}
