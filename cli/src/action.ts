import { appendFileSync } from 'node:fs';
import { main } from './qa';

/** A GitHub Actions input as the runner passes it: INPUT_<NAME in upper case>, spaces as underscores. */
export const inputOf = (env: NodeJS.ProcessEnv) => (name: string) =>
  (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();

const truthy = (value: string) => /^(true|yes|1)$/i.test(value);

/** The `qa run` arguments the Action's inputs stand for (action/action.yml lists them). */
export function argsFromInputs(input: (name: string) => string): string[] {
  const args = ['run'];
  const add = (flag: string, value: string) => (value ? args.push(flag, value) : undefined);
  add('--plan', input('plan'));
  add('--case', input('case'));
  add('--env', input('environment'));
  add('--base-url', input('base-url'));
  add('--junit', input('junit'));
  add('--rerun-failed', input('rerun-failed'));
  add('--timeout', input('timeout'));
  add('--accessibility', input('accessibility'));
  if (input('wait') === '' || truthy(input('wait'))) args.push('--wait');
  if (truthy(input('fail-on-flaky'))) args.push('--fail-on-flaky');
  args.push('--json');
  return args;
}

/** The verdict an exit code of `qa run --wait` stands for (docs/ci.md's table). */
const VERDICTS: Record<number, string> = {
  0: 'passed',
  1: 'failed',
  3: 'inconclusive',
  4: 'unavailable',
  5: 'timed_out',
};

/**
 * The Action: runs `qa run` in this process with the inputs, then writes its outputs (group id,
 * verdict, counts, console link, exit code) to $GITHUB_OUTPUT. `qa` itself writes the job summary
 * and annotations and keys the trigger to the CI step, so a retried step replays it. With `gate:
 * false` the step passes whatever the verdict (the outputs still tell it).
 */
export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const input = inputOf(env);
  if (input('api-url')) env.QA_API_URL = input('api-url');
  if (input('api-key')) env.QA_API_KEY = input('api-key');
  const captured: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    captured.push(String(chunk));
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  let code: number;
  try {
    code = await main(argsFromInputs(input));
  } finally {
    process.stdout.write = write;
  }
  const line = captured
    .join('')
    .split('\n')
    .find((l) => l.startsWith('{"exitCode"'));
  const doc = line ? (JSON.parse(line) as { planGroupRunId?: string; cases?: Array<{ status: string }> }) : {};
  const cases = doc.cases ?? [];
  const outputs: Record<string, string | number> = {
    'exit-code': code,
    verdict: VERDICTS[code] ?? 'error',
    total: cases.length,
    passed: cases.filter((c) => c.status === 'passing' || c.status === 'passed_in_original').length,
    failed: cases.filter((c) => c.status === 'failed').length,
    ...(doc.planGroupRunId
      ? {
          'group-id': doc.planGroupRunId,
          'console-url': `${(env.QA_API_URL ?? '').replace(/\/+$/, '')}/console/plan-groups/${doc.planGroupRunId}`,
        }
      : {}),
  };
  if (env.GITHUB_OUTPUT)
    appendFileSync(
      env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
  return input('gate') === '' || truthy(input('gate')) ? code : 0;
}
