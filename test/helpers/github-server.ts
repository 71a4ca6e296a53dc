import { createPublicKey, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CheckRun {
  id: number;
  repository: string;
  name: string;
  head_sha: string;
  external_id?: string;
  details_url?: string;
  status: string;
  conclusion: string | null;
  output?: { title: string; summary: string; text?: string };
  /** Every status the check was given, in order (created, then each update). */
  statuses: string[];
  createdAt: number;
}

export interface IssueComment {
  id: number;
  repository: string;
  issue_number: number;
  body: string;
  updates: number;
}

/** A scripted answer; with `lost`, GitHub does the work first and only the answer is a failure (a lost reply). */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown; lost?: boolean };

export interface GitHubServer {
  url: string;
  checkRuns: CheckRun[];
  comments: IssueComment[];
  /** Every request: method, path and the Authorization scheme and the time it was answered. */
  requests: Array<{ method: string; path: string; status: number; at: number }>;
  /** Installation tokens minted (GitHub App auth). */
  minted: string[];
  /** Answers for the next requests matching `method path` (path as a regular expression), in order. */
  fail(method: string, path: RegExp, ...answers: Answer[]): void;
  close(): Promise<void>;
}

/** GitHub's answer to a secondary rate limit (its REST docs: 403, this message, retry-after). */
export const SECONDARY_RATE_LIMIT: Answer = {
  status: 403,
  headers: { 'retry-after': '2', 'x-ratelimit-remaining': '4990' },
  body: {
    message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
    documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
  },
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** Verifies a GitHub App JWT (RS256, iss = app id, iat/exp within ten minutes) as GitHub does. */
function appJwtValid(jwt: string, key: KeyObject, appId: string): boolean {
  const [h, p, sig] = jwt.split('.');
  if (!h || !p || !sig) return false;
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  const verify = createVerify('RSA-SHA256').update(`${h}.${p}`);
  const now = Math.floor(Date.now() / 1000);
  return (
    header.alg === 'RS256' &&
    verify.verify(key, Buffer.from(sig, 'base64url')) &&
    String(payload.iss) === appId &&
    payload.exp - payload.iat <= 600 &&
    payload.exp > now
  );
}

/**
 * A loopback server speaking the part of GitHub's REST API the check and comment use: check runs
 * (create, update, list for a ref), issue comments (list, create, update), the App's repository
 * installation and installation access tokens. Every answer carries the rate-limit headers.
 * Requests must authenticate: the token given, an installation token it minted, or (App
 * endpoints) a JWT signed by the App's key.
 */
export async function startGitHub(auth: {
  token?: string;
  app?: { id: string; publicKeyPem: string };
}): Promise<GitHubServer> {
  const checkRuns: CheckRun[] = [];
  const comments: IssueComment[] = [];
  const requests: GitHubServer['requests'] = [];
  const minted: string[] = [];
  const scripted: Array<{ method: string; path: RegExp; answers: Answer[] }> = [];
  const appKey = auth.app ? createPublicKey(auth.app.publicKeyPem) : null;
  let nextId = 1000;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://github');
    const method = req.method ?? 'GET';
    const text = await read(req);
    let lost: Answer | undefined;
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      if (lost) ({ status, body, headers = {} } = { ...lost, body: lost.body ?? { message: 'Server Error' } });
      requests.push({ method, path: url.pathname, status, at: Date.now() });
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '4999',
        'x-ratelimit-used': '1',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
        'x-ratelimit-resource': 'core',
        'x-github-api-version-selected': '2022-11-28',
        ...headers,
      });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const script = scripted.find((s) => s.method === method && s.path.test(url.pathname) && s.answers.length);
    if (script) {
      const a = script.answers.shift()!;
      if (a.lost) lost = a;
      else return send(a.status, a.body ?? { message: 'Server Error' }, a.headers);
    }
    const [scheme, credential] = (req.headers.authorization ?? '').split(' ');
    const appEndpoint = /^\/app\/|\/installation$/.test(url.pathname);
    const authorized = appEndpoint
      ? /^bearer$/i.test(scheme) && !!appKey && appJwtValid(credential ?? '', appKey, auth.app!.id)
      : /^(token|bearer)$/i.test(scheme) && (credential === auth.token || minted.includes(credential));
    if (!authorized) return send(401, { message: 'Bad credentials' });
    const body = text ? JSON.parse(text) : {};
    let m: RegExpExecArray | null;

    if (method === 'GET' && (m = /^\/repos\/([^/]+\/[^/]+)\/installation$/.exec(url.pathname)))
      return send(200, { id: 4242, account: { login: m[1].split('/')[0] }, app_id: Number(auth.app!.id) });
    if (method === 'POST' && /^\/app\/installations\/4242\/access_tokens$/.test(url.pathname)) {
      const token = `ghs_${randomBytes(18).toString('hex')}`;
      minted.push(token);
      return send(201, { token, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: {} });
    }
    if (method === 'GET' && (m = /^\/repos\/([^/]+\/[^/]+)\/commits\/([^/]+)\/check-runs$/.exec(url.pathname))) {
      const found = checkRuns.filter(
        (c) =>
          c.repository === m![1] &&
          c.head_sha === m![2] &&
          (!url.searchParams.get('check_name') || c.name === url.searchParams.get('check_name')),
      );
      return send(200, { total_count: found.length, check_runs: found.map(view) });
    }
    if (method === 'POST' && (m = /^\/repos\/([^/]+\/[^/]+)\/check-runs$/.exec(url.pathname))) {
      const problem = checkProblem(body, true);
      if (problem) return send(422, { message: problem });
      const run: CheckRun = {
        id: nextId++,
        repository: m[1],
        name: body.name,
        head_sha: body.head_sha,
        external_id: body.external_id,
        details_url: body.details_url,
        status: body.status ?? 'queued',
        conclusion: body.conclusion ?? null,
        output: body.output,
        statuses: [body.status ?? 'queued'],
        createdAt: Date.now(),
      };
      checkRuns.push(run);
      return send(201, view(run));
    }
    if (method === 'PATCH' && (m = /^\/repos\/([^/]+\/[^/]+)\/check-runs\/(\d+)$/.exec(url.pathname))) {
      const run = checkRuns.find((c) => c.repository === m![1] && c.id === Number(m![2]));
      if (!run) return send(404, { message: 'Not Found' });
      const problem = checkProblem(body, false);
      if (problem) return send(422, { message: problem });
      Object.assign(run, {
        ...(body.status ? { status: body.status } : {}),
        ...(body.conclusion ? { conclusion: body.conclusion, status: 'completed' } : {}),
        ...(body.output ? { output: body.output } : {}),
        ...(body.details_url ? { details_url: body.details_url } : {}),
      });
      run.statuses.push(run.status);
      return send(200, view(run));
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
      const on = comments.filter((c) => c.repository === m![1] && c.issue_number === Number(m![2]));
      if (method === 'GET') return send(200, on.map(commentView));
      if (method === 'POST') {
        if (typeof body.body !== 'string' || !body.body) return send(422, { message: 'body is missing' });
        const comment = { id: nextId++, repository: m[1], issue_number: Number(m[2]), body: body.body, updates: 0 };
        comments.push(comment);
        return send(201, commentView(comment));
      }
    }
    if (method === 'PATCH' && (m = /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname))) {
      const comment = comments.find((c) => c.repository === m![1] && c.id === Number(m![2]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = body.body;
      comment.updates++;
      return send(200, commentView(comment));
    }
    return send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    checkRuns,
    comments,
    requests,
    minted,
    fail(method, path, ...answers) {
      scripted.push({ method, path, answers });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const STATUSES = ['queued', 'in_progress', 'completed'];
const CONCLUSIONS = ['action_required', 'cancelled', 'failure', 'neutral', 'success', 'skipped', 'stale', 'timed_out'];

/** GitHub's validation of a check run body: 422 with a message when it does not hold. */
function checkProblem(body: any, creating: boolean): string | undefined {
  if (creating && (typeof body.name !== 'string' || !/^[0-9a-f]{7,64}$/i.test(body.head_sha ?? '')))
    return 'name and head_sha are required';
  if (body.status !== undefined && !STATUSES.includes(body.status)) return `status ${body.status} is not valid`;
  if (body.status === 'completed' && !CONCLUSIONS.includes(body.conclusion))
    return 'conclusion is required when status is completed';
  if (body.output && (typeof body.output.title !== 'string' || typeof body.output.summary !== 'string'))
    return 'output needs title and summary';
  if (body.output && body.output.summary.length > 65535) return 'output.summary is too long';
  return undefined;
}

function view(c: CheckRun) {
  const { statuses: _s, repository: _r, createdAt: _c, ...rest } = c;
  return rest;
}

function commentView(c: IssueComment) {
  return { id: c.id, body: c.body, user: { login: 'qa-app[bot]' } };
}

export type { ServerResponse };
