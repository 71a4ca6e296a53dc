import { runnerChannelProblem, type Config } from '../../../core/config';

type ChannelConfig = Pick<Config, 'API_INTERNAL_URL' | 'RUNNER_TOKEN' | 'RUNNER_CHANNEL_ALLOW_HTTP'>;

/** One runtime value over the runner channel; it lives in memory only, for the step that needs it. */
export async function fetchValue(config: ChannelConfig, runId: string, name: string): Promise<string> {
  return fetchFromChannel(config, { runId, name });
}

/** One runtime value of the Environment a plan generation explores, over the same channel. */
export async function fetchGenerationValue(config: ChannelConfig, planId: string, name: string): Promise<string> {
  return fetchFromChannel(config, { planId, name });
}

async function fetchFromChannel(
  config: ChannelConfig,
  body: { runId: string; name: string } | { planId: string; name: string },
): Promise<string> {
  if (!config.RUNNER_TOKEN) throw new Error('runner has no RUNNER_TOKEN');
  // Checked before anything is sent: the token and the value must not cross a network in clear.
  const problem = runnerChannelProblem(config);
  if (problem) throw new Error(problem);
  const res = await fetch(`${config.API_INTERNAL_URL}/internal/runner/values`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Runner ${config.RUNNER_TOKEN}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`runtime value ${body.name} unavailable (HTTP ${res.status})`);
  return ((await res.json()) as { value: string }).value;
}
