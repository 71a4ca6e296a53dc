import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../deps';
import type { Endpoint } from '../endpoints/model';
import { LaterAnswer } from '../endpoints/later';
import { authorizationHeaders, bearerPrincipal } from '../middleware/auth';
import { withRequestDeadline } from '../middleware/deadline';
import { JSON_BODY_LIMIT, requestIdOf } from '../middleware/errors';
import { readJson } from '../middleware/json-body';
import { answerLater, operate, writeFailure, writeJson } from './v1';

const PREFIX = '/api/v1/';
/**
 * How long requests still being read may hold back the work on the first of them: about what
 * 10,000 followers arriving at once take to read here, short enough that a request in a
 * never-ending stream is still worked on (a request read early in a burst waits for the burst's
 * end instead).
 */
const MAX_READ_FIRST_MS = 300;

/**
 * The v1 lane: the requests scripts, CI jobs and followers send most (`POST /api/v1/<operation>`,
 * `Content-Type: application/json`, one Bearer credential, no query string) answered on node:http
 * itself, by the same steps and in the same order as the Koa middleware chain (request id, body,
 * deadline, authentication, the endpoint pipeline, the error envelope), with the same bytes. A
 * Koa request costs a context, its request and response objects, a promise per middleware and
 * on-finished listeners that keep all of it alive while a long-poll waits: 5,000 followers
 * arriving at once were answered twice as late as by a bare server. Any other request (another
 * method, media type or path, a cookie session, a query string, an unknown operation) is Koa's.
 *
 * Returns a handler that answers and says true, or says false and leaves the request untouched.
 */
export function v1Lane(endpoints: Endpoint[], deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const operations = new Map(endpoints.filter((e) => e.bindings.v1).map((e) => [e.name, e]));
  const { log } = deps;
  // Requests read and not yet worked on, four entries each (request, response, operation, stamp),
  // worked on by one setImmediate: not an Immediate and its argument list per request.
  let waiting: unknown[] = [];
  // Whether node:http read a request since the last check phase.
  let readSinceCheck = false;
  const workOnWaiting = () => {
    // Reading comes first while requests keep arriving: each is stamped as it is read and its
    // wait counts from that stamp, so work done between reads made every follower behind it in
    // the burst later by that much (5,000 at once: read over 170-410 ms, against 110-150 ms with
    // the work after them). The work waits for a turn of the event loop that read nothing, or at
    // most MAX_READ_FIRST_MS.
    const readFirst = readSinceCheck && performance.now() - (waiting[3] as number) < MAX_READ_FIRST_MS;
    readSinceCheck = false;
    if (readFirst) {
      setImmediate(workOnWaiting);
      return;
    }
    const batch = waiting;
    waiting = [];
    for (let i = 0; i < batch.length; i += 4)
      start(
        batch[i] as IncomingMessage,
        batch[i + 1] as ServerResponse,
        batch[i + 2] as Endpoint,
        batch[i + 3] as number,
      );
  };
  return (req, res) => {
    const op = laneOperation(req, operations);
    if (!op) return false;
    // Stamped as node:http reads it; by the time it is worked on, the body is in and is read
    // without a promise.
    if (waiting.length === 0) setImmediate(workOnWaiting);
    else readSinceCheck = true;
    waiting.push(req, res, op, performance.now());
    return true;
  };

  function start(req: IncomingMessage, res: ServerResponse, op: Endpoint, receivedAt: number): void {
    // Its X-Request-Id is written with the reply (writeJson).
    const requestId = requestIdOf(req.headers['x-request-id']);
    const status = answer(req, res, op, requestId, receivedAt);
    if (status instanceof Promise)
      status.then(
        (code) => logged(req, requestId, code, receivedAt),
        // Unreachable (answer() writes its own failures); a defect still gets the envelope, not a hang.
        (raw: unknown) => failed(res, raw, requestId),
      );
    else logged(req, requestId, status, receivedAt);
  }

  function logged(req: IncomingMessage, requestId: string, status: number, receivedAt: number) {
    if (log.debugs)
      log.debug('request', { id: requestId, method: 'POST', path: req.url, status, ms: since(receivedAt) });
  }

  /**
   * Answers the request; its status. Each step that can answer at once does: a follower parking on
   * the shared read of its Run (body received, key and rate token held) is answered with no promise.
   */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    op: Endpoint,
    requestId: string,
    receivedAt: number,
  ): number | Promise<number> {
    try {
      const read = readJson(req, JSON_BODY_LIMIT, req.headers['content-length'] ?? '');
      if (read instanceof Promise)
        return read.then(
          (body) => afterBody(req, res, op, requestId, receivedAt, body),
          (raw: unknown) => failed(res, raw, requestId),
        );
      return afterBody(req, res, op, requestId, receivedAt, read);
    } catch (raw) {
      return failed(res, raw, requestId);
    }
  }

  function afterBody(
    req: IncomingMessage,
    res: ServerResponse,
    op: Endpoint,
    requestId: string,
    receivedAt: number,
    body: unknown,
  ): number | Promise<number> {
    try {
      const result = withRequestDeadline(deps.config.REQUEST_DEADLINE_MS, (extendDeadline) => {
        const call = { requestId, receivedAt, extendDeadline };
        const authenticated = bearerPrincipal(req.headers.authorization!, deps);
        return authenticated instanceof Promise
          ? authenticated.then((principal) => operate(op, body, principal, deps, call))
          : operate(op, body, authenticated, deps, call);
      });
      if (result instanceof Promise)
        return result.then(
          (settled) => reply(res, settled, requestId),
          (raw: unknown) => failed(res, raw, requestId),
        );
      return reply(res, result, requestId);
    } catch (raw) {
      return failed(res, raw, requestId);
    }
  }

  function reply(res: ServerResponse, result: string | LaterAnswer, requestId: string): number {
    if (result instanceof LaterAnswer) answerLater(res, result, requestId, log);
    else writeJson(res, 200, result, requestId);
    return 200;
  }

  function failed(res: ServerResponse, raw: unknown, requestId: string): number {
    return writeFailure(res, raw, requestId, log);
  }
}

/**
 * The operation of a request the lane takes, or undefined for Koa. Only the plain form: Koa's
 * path matching (case, percent-decoding, a trailing slash) and its other checks stay in one place.
 */
function laneOperation(req: IncomingMessage, operations: Map<string, Endpoint>): Endpoint | undefined {
  const url = req.url!;
  if (req.method !== 'POST' || !url.startsWith(PREFIX)) return undefined;
  if (req.headers['content-type'] !== 'application/json' || req.headers.authorization === undefined) return undefined;
  // One credential, and none in a query string: authenticate() refuses both, with their own messages.
  if (url.includes('?') || authorizationHeaders(req.rawHeaders) !== 1) return undefined;
  return operations.get(url.slice(PREFIX.length));
}

const since = (start: number) => Math.round(performance.now() - start);
