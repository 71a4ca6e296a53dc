import { InterceptingCall, type Interceptor } from '@grpc/grpc-js';
import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  makeGrpcRetryInterceptor,
  type Metadata,
} from '@temporalio/client';
import type { TemporalEndpoint } from '../../core/config';

/** Calls that wait for news by design (a workflow's result): they keep the deadline their caller gives. */
const LONG_POLLS = new Set(['/temporal.api.workflowservice.v1.WorkflowService/GetWorkflowExecutionHistory']);

/**
 * Every other call to Temporal gets the gRPC deadline `ms` (TEMPORAL_CALL_TIMEOUT_MS), retries
 * included, so a down or hung server answers 503 UNAVAILABLE within the request's own bound.
 */
function callDeadline(ms: number): Interceptor {
  return (options, nextCall) =>
    new InterceptingCall(
      nextCall(
        options.deadline || LONG_POLLS.has(options.method_definition.path)
          ? options
          : { ...options, deadline: Date.now() + ms },
      ),
    );
}

/**
 * The API's Temporal client, without a promise hook on every promise of the process. On Node 20
 * an AsyncLocalStorage, once run, hooks every promise created afterwards (to carry its store):
 * that cost each request a few percent of its CPU and, through a property on every promise, much
 * of its garbage, most of all 10,000 long-polls arriving at once. The connection runs one while it
 * connects and around every namespaced call (withMetadata); the call reads its store synchronously
 * as it is made, so the storage is disabled again right after each, and the deadline comes from an
 * interceptor rather than Connection.withDeadline.
 */
export async function connectTemporal(
  /** host:port, or the endpoint with TLS and an API key (`temporalEndpoint` of core/config). */
  endpoint: string | TemporalEndpoint,
  namespace: string,
  callTimeoutMs: number,
  /** Run once the deadline is set, before the retries (e.g. to trace calls). */
  interceptors: Interceptor[] = [],
): Promise<Client> {
  const connection = await Connection.connect({
    ...(typeof endpoint === 'string' ? { address: endpoint } : endpoint),
    interceptors: [callDeadline(callTimeoutMs), ...interceptors, makeGrpcRetryInterceptor(defaultGrpcRetryOptions())],
  });
  const storage = connection.callContextStorage;
  storage.disable();
  const withMetadata = connection.withMetadata.bind(connection);
  connection.withMetadata = <R>(metadata: Metadata, fn: () => Promise<R>): Promise<R> => {
    try {
      return withMetadata(metadata, fn);
    } finally {
      storage.disable();
    }
  };
  return new Client({ connection, namespace });
}
