import { recordHistory } from './histories';
import { call, createOrg, environment, ready, startApp, type TestApp, type TestOrg } from './app';
import { startSite, type TestSite } from './site';
import { privateQueues, startWorkers } from './temporal';

const terminal = ['passing', 'failed', 'unverified', 'canceled', 'invalid'];

/** Follows a Run with run.get long-poll until it is terminal, the way a client should. */
export async function followRun(app: TestApp, apiKey: string, runId: string, limitMs = 90_000) {
  const deadline = Date.now() + limitMs;
  let state = (await call(app, apiKey, 'run.get', { runId })).body;
  const seen = [state];
  while (!terminal.includes(state.status)) {
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${state.status}`);
    state = (await call(app, apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 5000 })).body;
    seen.push(state);
  }
  const retried = seen.some((s) => s.status === 'retrying') ? 'retried-' : '';
  await recordHistory(app, `run-${runId}`, `runWorkflow-${state.platforms?.[0] ?? 'web'}-${retried}${state.status}`);
  if (state.planGroupRunId)
    await recordHistory(app, `plan-group-${state.planGroupRunId}`, 'planGroupWorkflow-completed');
  return { state, seen };
}

export interface RunStack {
  app: TestApp;
  site: TestSite;
  org: TestOrg;
  close(): Promise<void>;
}

/**
 * Everything a Run needs, for one suite: the app on private task queues, in-process workers with
 * Chromium, the loopback test site, an organization, and an Environment `local` pointing at the
 * site whose runtime value PASSWORD is the site's password.
 */
export async function startRunStack(password: string, appOverrides: Record<string, string> = {}): Promise<RunStack> {
  const app = await startApp({ ...privateQueues(), ...appOverrides });
  const site = await startSite(password);
  const workers = await startWorkers(app);
  const org = await createOrg(app.deps);
  await environment({ app, org }, 'local', {
    targets: { web: { baseUrl: site.url } },
    runtimeValues: { PASSWORD: password },
  });
  return {
    app,
    site,
    org,
    async close() {
      await workers.stop();
      await site.close();
      await app.close();
    },
  };
}

/** `startRunStack` for the calling `describe`: started in its `before` hook, closed in its `after`. */
export function useRunStack(password: string, appOverrides: Record<string, string> = {}): Omit<RunStack, 'close'> {
  let stack: RunStack | undefined;
  before(async () => {
    stack = await startRunStack(password, appOverrides);
  });
  after(() => stack?.close());
  return {
    get app() {
      return ready(stack, 'useRunStack()').app;
    },
    get site() {
      return ready(stack, 'useRunStack()').site;
    },
    get org() {
      return ready(stack, 'useRunStack()').org;
    },
  };
}

/** GET /api/runs/{runId}/trace with `credential`, the redirect not followed (a 302 points at the zip). */
export function traceLink(app: { url: string }, credential: string | null, runId: string) {
  return fetch(`${app.url}/api/runs/${runId}/trace`, {
    headers: credential ? { Authorization: `Bearer ${credential}` } : {},
    redirect: 'manual',
  });
}
