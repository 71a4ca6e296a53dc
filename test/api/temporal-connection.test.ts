import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { InterceptingCall, type Interceptor, type Metadata } from '@grpc/grpc-js';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';

interface Seen {
  path: string;
  namespace: string[];
  deadline: number | undefined;
  /** Date.now() as the call was made. */
  at: number;
}

/**
 * The API's Temporal connection (api/temporal/connection.ts) keeps what Connection.withMetadata and
 * withDeadline gave every call: the namespace header and, but for a history long-poll, a deadline.
 */
describe('Temporal connection of the API', () => {
  const seen: Seen[] = [];
  // After the deadline is set and before the retries: what it records is what each attempt sends.
  const record: Interceptor = (options, nextCall) =>
    new InterceptingCall(nextCall(options), {
      start(metadata: Metadata, listener, next) {
        const deadline = options.deadline;
        seen.push({
          path: options.method_definition.path,
          namespace: metadata.get('temporal-namespace').map(String),
          deadline: deadline === undefined ? undefined : Number(deadline),
          at: Date.now(),
        });
        next(metadata, listener);
      },
    });
  let client: Client;

  before(async () => {
    client = await connectTemporal(process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233', 'default', 3_000, [record]);
  });
  after(() => client.connection.close());

  it('sends the namespace header on every call, each started one after the other', async () => {
    for (let i = 0; i < 3; i++) {
      const handle = await client.workflow.start('noWorkerServesThis', {
        taskQueue: `nobody-${randomBytes(4).toString('hex')}`,
        workflowId: `connection-test-${randomBytes(6).toString('hex')}`,
      });
      await handle.terminate('test done');
    }
    const calls = seen.filter((c) => c.path.endsWith('/StartWorkflowExecution'));
    assert.equal(calls.length, 3);
    for (const call of calls) assert.deepEqual(call.namespace, ['default']);
  });

  it('gives a call the deadline TEMPORAL_CALL_TIMEOUT_MS, and a history long-poll none', async () => {
    const from = seen.length;
    const handle = await client.workflow.start('noWorkerServesThis', {
      taskQueue: `nobody-${randomBytes(4).toString('hex')}`,
      workflowId: `connection-test-${randomBytes(6).toString('hex')}`,
    });
    // result() long-polls the history until the workflow closes: here, terminated.
    const result = handle.result().then(
      () => 'completed',
      () => 'ended',
    );
    await new Promise((r) => setTimeout(r, 300));
    await handle.terminate('test done');
    assert.equal(await result, 'ended');
    const calls = seen.slice(from);
    const start = calls.find((c) => c.path.endsWith('/StartWorkflowExecution'))!;
    assert.ok(start.deadline !== undefined, 'a start carries a deadline');
    assert.ok(start.deadline - start.at <= 3_000 && start.deadline - start.at > 2_000, 'of the configured 3 s');
    const polls = calls.filter((c) => c.path.endsWith('/GetWorkflowExecutionHistory'));
    assert.ok(polls.length > 0, 'result() long-polled the history');
    for (const poll of polls) assert.equal(poll.deadline, undefined, 'a long-poll keeps the deadline its caller gave');
  });
});
