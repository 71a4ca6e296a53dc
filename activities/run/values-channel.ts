/** One runtime value over the runner channel; it lives in memory only, for the fill that needs it. */
export async function fetchValue(
  apiUrl: string,
  token: string | undefined,
  runId: string,
  name: string,
): Promise<string> {
  if (!token) throw new Error('runner has no RUNNER_TOKEN');
  const res = await fetch(`${apiUrl}/internal/runner/values`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Runner ${token}` },
    body: JSON.stringify({ runId, name }),
  });
  if (!res.ok) throw new Error(`runtime value ${name} unavailable (HTTP ${res.status})`);
  return ((await res.json()) as { value: string }).value;
}
