import { runnerChannelProblem, type Config } from '../../../core/config';

/** One runtime value over the runner channel; it lives in memory only, for the step that needs it. */
export async function fetchValue(
  config: Pick<Config, 'API_INTERNAL_URL' | 'RUNNER_TOKEN' | 'RUNNER_CHANNEL_ALLOW_HTTP'>,
  runId: string,
  name: string,
): Promise<string> {
  if (!config.RUNNER_TOKEN) throw new Error('runner has no RUNNER_TOKEN');
  // Checked before anything is sent: the token and the value must not cross a network in clear.
  const problem = runnerChannelProblem(config);
  if (problem) throw new Error(problem);
  const res = await fetch(`${config.API_INTERNAL_URL}/internal/runner/values`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Runner ${config.RUNNER_TOKEN}` },
    body: JSON.stringify({ runId, name }),
  });
  if (!res.ok) throw new Error(`runtime value ${name} unavailable (HTTP ${res.status})`);
  return ((await res.json()) as { value: string }).value;
}
