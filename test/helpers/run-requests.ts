import { recordHistory } from './histories';
import type { TestApp } from './app';
import { rest } from './rest';

const finalStatuses = ['completed', 'rejected', 'failed', 'canceled'];

/** Polls GET /api/run-requests/status until the request is final. */
export async function followRequest(app: TestApp, apiKey: string, requestId: string, limitMs = 120_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const reply = await rest(app, apiKey, 'GET', `/api/run-requests/status?id=${requestId}`);
    if (reply.status !== 200) throw new Error(`status ${reply.status}: ${JSON.stringify(reply.body)}`);
    if (finalStatuses.includes(reply.body.status)) {
      await recordHistory(app, `run-request-${requestId}`, `runRequestWorkflow-${reply.body.status}`);
      return reply.body;
    }
    if (Date.now() > deadline) throw new Error(`run request ${requestId} still ${reply.body.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Rows of the interpretation ledger for a request (the test reads MySQL directly). */
export async function ledgerRows(app: TestApp, requestId: string): Promise<Array<Record<string, any>>> {
  return app.deps.db.query('SELECT * FROM interpretation_charges WHERE request_id = ?', [requestId]);
}
