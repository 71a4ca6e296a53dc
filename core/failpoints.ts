/**
 * Named crash points for tests that prove recovery: when QA_FAILPOINTS (a comma list) names one,
 * the process kills itself there with SIGKILL, as a power cut would. Unset in every deployment.
 */
const armed = new Set(
  (process.env.QA_FAILPOINTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

export function failpoint(name: string): void {
  if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
