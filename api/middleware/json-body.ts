import type Koa from 'koa';
import type { IncomingMessage } from 'node:http';

/** The media types read as JSON (those @koa/bodyparser read before, so clients see no change). */
const JSON_TYPES = new Set([
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
  'application/reports+json',
  'application/scim+json',
]);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
// Strict JSON: only an object or an array (as co-body's strict mode), so `"text"` is a 400.
const STRICT_START = /^[\x20\x09\x0a\x0d]*[[{]/;

/** Shaped like the http-errors raw-body throws, so errorEnvelope maps them to the same answers. */
const httpError = (status: number, type: string, message: string) =>
  Object.assign(new Error(message), { status, type, expose: true });

/**
 * Reads JSON request bodies (UTF-8, at most `limit` bytes) into `ctx.request.body`; any other
 * media type leaves `{}`. The v1 read path spent 8 % of its CPU in @koa/bodyparser (co-body,
 * raw-body, iconv): this reads the stream straight into one Buffer and parses it once.
 */
export function jsonBody(limit: number): Koa.Middleware {
  return async (ctx, next) => {
    const request = ctx.request as Koa.Request & { body?: unknown };
    if (!BODY_METHODS.has(ctx.method) || request.body !== undefined) return next();
    // Node's header map (lower-case names) rather than Koa's get(), which lower-cases the name per call.
    const contentType = ctx.req.headers['content-type'] ?? '';
    const semicolon = contentType.indexOf(';');
    const mediaType = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
    if (!JSON_TYPES.has(mediaType)) {
      request.body = {};
      return next();
    }
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8')
      throw httpError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`);
    request.body = await readJson(ctx.req, limit, ctx.req.headers['content-length'] ?? '');
    return next();
  };
}

/** A UTF-8 JSON body (an object or an array; `{}` when empty), or the http-errors shaped refusal. */
export function readJson(req: IncomingMessage, limit: number, contentLength: string): Promise<unknown> {
  return readUtf8(req, limit, contentLength).then(parseJson);
}

// A UTF-8 byte order mark is allowed and ignored (as the decoder before did).
const utf8Of = (buffer: Buffer) =>
  buffer.toString('utf8', buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0);

function parseJson(text: string): unknown {
  if (!text) return {};
  if (!STRICT_START.test(text)) throw httpError(400, 'entity.parse.failed', 'only JSON objects and arrays');
  try {
    return JSON.parse(text);
  } catch {
    throw httpError(400, 'entity.parse.failed', 'invalid JSON');
  }
}

/**
 * The body as UTF-8 text, read by one reader object. Its listeners are arrows made in its
 * constructor, not named closures: the TypeScript loader keeps function names with a
 * defineProperty call for every named closure, which cost the hot reads more than the read itself.
 */
function readUtf8(req: IncomingMessage, limit: number, contentLength: string): Promise<string> {
  const declared = contentLength === '' ? null : Number(contentLength);
  if (declared !== null && declared > limit)
    return Promise.reject(httpError(413, 'entity.too.large', 'request entity too large'));
  return new Promise((resolve, reject) => new BodyRead(req, limit, declared, resolve, reject));
}

class BodyRead {
  #chunks: Buffer[] = [];
  #received = 0;
  readonly #onData: (chunk: Buffer) => void;
  readonly #onEnd: () => void;
  readonly #onError: (error: Error) => void;
  readonly #onAborted: () => void;

  constructor(
    private readonly req: IncomingMessage,
    private readonly limit: number,
    private readonly declared: number | null,
    private readonly resolve: (text: string) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.#onData = (chunk) => this.#data(chunk);
    this.#onEnd = () => this.#end();
    this.#onError = (error) => this.#fail(httpError(400, 'request.aborted', error.message));
    this.#onAborted = () => this.#fail(httpError(400, 'request.aborted', 'request aborted'));
    req.on('data', this.#onData).on('end', this.#onEnd).on('error', this.#onError).on('aborted', this.#onAborted);
  }

  #data(chunk: Buffer) {
    this.#received += chunk.length;
    if (this.#received > this.limit) this.#fail(httpError(413, 'entity.too.large', 'request entity too large'));
    else this.#chunks.push(chunk);
  }

  #end() {
    if (this.declared !== null && this.#received !== this.declared)
      return this.#fail(httpError(400, 'request.size.invalid', 'request size did not match content length'));
    this.#detach();
    const chunks = this.#chunks;
    this.resolve(utf8Of(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.#received)));
  }

  #fail(error: Error) {
    this.#detach();
    // Drain what is left so the connection can answer the error.
    this.req.resume();
    this.reject(error);
  }

  /** Settled: the request (parked by a long-poll, perhaps) no longer holds this reader. */
  #detach() {
    this.req
      .off('data', this.#onData)
      .off('end', this.#onEnd)
      .off('error', this.#onError)
      .off('aborted', this.#onAborted);
  }
}
