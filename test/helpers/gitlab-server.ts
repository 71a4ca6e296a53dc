import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CommitStatus {
  project: string;
  sha: string;
  state: string;
  name: string;
  target_url?: string;
  description?: string;
  at: number;
}

export interface MergeRequestNote {
  id: number;
  project: string;
  iid: number;
  body: string;
  updates: number;
}

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

export interface GitLabServer {
  url: string;
  statuses: CommitStatus[];
  notes: MergeRequestNote[];
  requests: Array<{ method: string; path: string; status: number; at: number }>;
  fail(method: string, path: RegExp, ...answers: Answer[]): void;
  close(): Promise<void>;
}

const STATES = ['pending', 'running', 'success', 'failed', 'canceled', 'skipped'];

/**
 * A loopback server speaking the part of GitLab's REST API v4 a commit status and a merge-request
 * note use: POST /projects/:id/statuses/:sha (refusing a transition to the state a status already
 * has, as GitLab does), and the merge request's notes (list, create, update). PRIVATE-TOKEN auth.
 */
export async function startGitLab(token: string): Promise<GitLabServer> {
  const statuses: CommitStatus[] = [];
  const notes: MergeRequestNote[] = [];
  const requests: GitLabServer['requests'] = [];
  const scripted: Array<{ method: string; path: RegExp; answers: Answer[] }> = [];
  let nextId = 500;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://gitlab');
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        requests.push({ method, path: url.pathname, status, at: Date.now() });
        res.writeHead(status, { 'content-type': 'application/json', 'ratelimit-limit': '2000', ...headers });
        res.end(JSON.stringify(body));
      };
      const script = scripted.find((s) => s.method === method && s.path.test(url.pathname) && s.answers.length);
      if (script) {
        const a = script.answers.shift()!;
        return send(a.status, a.body ?? { message: 'error' }, a.headers);
      }
      if (req.headers['private-token'] !== token) return send(401, { message: '401 Unauthorized' });
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? JSON.parse(text) : {};
      let m: RegExpExecArray | null;
      if (method === 'POST' && (m = /^\/api\/v4\/projects\/([^/]+)\/statuses\/([0-9a-f]+)$/.exec(url.pathname))) {
        const project = decodeURIComponent(m[1]);
        if (!STATES.includes(body.state)) return send(400, { error: 'state does not have a valid value' });
        const last = statuses
          .filter((s) => s.project === project && s.sha === m![2] && s.name === (body.name ?? 'default'))
          .at(-1);
        if (last && last.state === body.state)
          return send(400, { message: `Cannot transition status via :${body.state} from :${last.state}` });
        if (
          last &&
          ['success', 'failed', 'canceled'].includes(last.state) &&
          ['pending', 'running'].includes(body.state)
        )
          return send(400, { message: `Cannot transition status via :run from :${last.state}` });
        const status = {
          project,
          sha: m[2],
          state: body.state,
          name: body.name ?? 'default',
          target_url: body.target_url,
          description: body.description,
          at: Date.now(),
        };
        statuses.push(status);
        return send(201, { id: nextId++, ...status });
      }
      if ((m = /^\/api\/v4\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes(?:\/(\d+))?$/.exec(url.pathname))) {
        const project = decodeURIComponent(m[1]);
        const on = notes.filter((n) => n.project === project && n.iid === Number(m![2]));
        if (method === 'GET' && !m[3]) {
          const page = Number(url.searchParams.get('page') ?? '1');
          const per = Number(url.searchParams.get('per_page') ?? '20');
          return send(
            200,
            on.slice((page - 1) * per, page * per).map((n) => ({ id: n.id, body: n.body, system: false })),
          );
        }
        if (method === 'POST' && !m[3]) {
          if (!body.body) return send(400, { error: 'body is missing' });
          const note = { id: nextId++, project, iid: Number(m[2]), body: body.body, updates: 0 };
          notes.push(note);
          return send(201, { id: note.id, body: note.body });
        }
        if (method === 'PUT' && m[3]) {
          const note = on.find((n) => n.id === Number(m![3]));
          if (!note) return send(404, { message: '404 Not found' });
          note.body = body.body;
          note.updates++;
          return send(200, { id: note.id, body: note.body });
        }
      }
      return send(404, { message: '404 Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    statuses,
    notes,
    requests,
    fail(method, path, ...answers) {
      scripted.push({ method, path, answers });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
