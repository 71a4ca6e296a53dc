import { call, type TestApp } from './app';

const terminal = ['passing', 'failed', 'unverified', 'canceled', 'invalid'];

/** Follows a Run with run.get long-poll until it is terminal, the way a client should. */
export async function followRun(app: TestApp, apiKey: string, runId: string, limitMs = 90_000) {
  const deadline = Date.now() + limitMs;
  let state = (await call(app, apiKey, 'run.get', { runId })).body;
  while (!terminal.includes(state.status)) {
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${state.status}`);
    state = (await call(app, apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 5000 })).body;
  }
  return { state };
}
