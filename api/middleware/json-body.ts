import type Koa from 'koa';

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
    const contentType = ctx.get('Content-Type');
    const semicolon = contentType.indexOf(';');
    const mediaType = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
    if (!JSON_TYPES.has(mediaType)) {
      request.body = {};
      return next();
    }
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8')
      throw httpError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`);
    const text = await readUtf8(ctx.req, limit, ctx.get('Content-Length'));
    if (!text) request.body = {};
    else if (!STRICT_START.test(text)) throw httpError(400, 'entity.parse.failed', 'only JSON objects and arrays');
    else {
      try {
        request.body = JSON.parse(text);
      } catch {
        throw httpError(400, 'entity.parse.failed', 'invalid JSON');
      }
    }
    return next();
  };
}

/**
 * The body as UTF-8 text. Listeners are anonymous arrows into one reader object and stay on the
 * request (a settled read ignores later events): a named closure per request cost the hot reads
 * more than the read itself, since the TypeScript loader keeps function names with a
 * defineProperty call for every closure it creates.
 */
function readUtf8(req: Koa.Context['req'], limit: number, contentLength: string): Promise<string> {
  const declared = contentLength === '' ? null : Number(contentLength);
  if (declared !== null && declared > limit)
    return Promise.reject(httpError(413, 'entity.too.large', 'request entity too large'));
  return new Promise((resolve, reject) => {
    const read = new BodyRead(req, limit, declared, resolve, reject);
    req
      .on('data', (chunk: Buffer) => read.data(chunk))
      .on('end', () => read.end())
      .on('error', (error: Error) => read.fail(httpError(400, 'request.aborted', error.message)))
      .on('aborted', () => read.fail(httpError(400, 'request.aborted', 'request aborted')));
  });
}

class BodyRead {
  #chunks: Buffer[] | null = [];
  #received = 0;

  constructor(
    private readonly req: Koa.Context['req'],
    private readonly limit: number,
    private readonly declared: number | null,
    private readonly resolve: (text: string) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  data(chunk: Buffer) {
    if (this.#chunks === null) return;
    this.#received += chunk.length;
    if (this.#received > this.limit) this.fail(httpError(413, 'entity.too.large', 'request entity too large'));
    else this.#chunks.push(chunk);
  }

  end() {
    const chunks = this.#chunks;
    if (chunks === null) return;
    if (this.declared !== null && this.#received !== this.declared)
      return this.fail(httpError(400, 'request.size.invalid', 'request size did not match content length'));
    this.#chunks = null;
    const buffer = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.#received);
    // A UTF-8 byte order mark is allowed and ignored (as the decoder before did).
    const start = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
    this.resolve(buffer.toString('utf8', start));
  }

  fail(error: Error) {
    if (this.#chunks === null) return;
    this.#chunks = null;
    // Drain what is left so the connection can answer the error.
    this.req.resume();
    this.reject(error);
  }
}
