import { call, type TestApp } from './app';

/** Follows a Run with long-poll until it is terminal, the way a client should. */
export async function followRun(app: TestApp, apiKey: string, runId: string, limitMs = 90_000) {
  const deadline = Date.now() + limitMs;
  let state = (await call(app, apiKey, 'run.get', { runId })).body;
  const seen = [state];
  while (!['passing', 'failed', 'unverified', 'canceled', 'invalid'].includes(state.status)) {
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${state.status}`);
    state = (await call(app, apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 5000 })).body;
    seen.push(state);
  }
  return { state, seen };
}

