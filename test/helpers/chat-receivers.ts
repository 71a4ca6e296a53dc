import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message a chat imitation accepted (the parsed body), or refused with its reason. */
export interface ChatPost {
  path: string;
  body: any;
  accepted: boolean;
  problem?: string;
}

export interface ChatReceiver {
  url: string;
  posts: ChatPost[];
  /** Accepted messages on `path`, in arrival order. */
  accepted(path: string): any[];
  /** Status codes (with headers) to answer the next posts on `path` before validating, in order. */
  fail(path: string, ...answers: Array<{ status: number; headers?: Record<string, string>; body?: string }>): void;
  waitFor(path: string, count: number, limitMs?: number): Promise<any[]>;
  close(): Promise<void>;
}

const str = (v: unknown) => typeof v === 'string' && v.length > 0;

/**
 * Slack's incoming webhook, as its docs describe it: a JSON body with `text` and/or `blocks`; at most
 * 50 blocks; a header's text is plain_text of at most 150 characters; a section's text at most
 * 3000; an actions block holds buttons whose text is plain_text and whose url is absolute. Answers
 * `ok` (200), or 400 `invalid_blocks` / `no_text` as Slack does.
 */
export function slackProblem(body: any): string | undefined {
  if (!body || typeof body !== 'object') return 'invalid_payload';
  if (!str(body.text) && !Array.isArray(body.blocks)) return 'no_text';
  const blocks = body.blocks ?? [];
  if (!Array.isArray(blocks) || blocks.length > 50) return 'invalid_blocks';
  for (const b of blocks) {
    if (b.type === 'header') {
      if (b.text?.type !== 'plain_text' || !str(b.text.text) || b.text.text.length > 150)
        return 'invalid_blocks: header';
    } else if (b.type === 'section') {
      if (!['mrkdwn', 'plain_text'].includes(b.text?.type) || !str(b.text.text) || b.text.text.length > 3000)
        return 'invalid_blocks: section';
    } else if (b.type === 'actions') {
      if (!Array.isArray(b.elements) || !b.elements.length || b.elements.length > 25) return 'invalid_blocks: actions';
      for (const e of b.elements)
        if (e.type !== 'button' || e.text?.type !== 'plain_text' || !/^https?:\/\//.test(e.url ?? ''))
          return 'invalid_blocks: button';
    } else if (b.type !== 'divider' && b.type !== 'context') return `invalid_blocks: type ${b.type}`;
  }
  return undefined;
}

const CARD_ELEMENTS = new Set(['TextBlock', 'FactSet', 'ColumnSet', 'Container', 'Image']);

/**
 * A Teams incoming webhook (Workflows' "post to a channel when a webhook request is received"): a
 * `message` whose attachments hold Adaptive Cards (contentType application/vnd.microsoft.card.adaptive,
 * content.type AdaptiveCard, a version, body elements of known types, Action.OpenUrl actions with a url).
 */
export function teamsProblem(body: any): string | undefined {
  if (body?.type !== 'message' || !Array.isArray(body.attachments) || !body.attachments.length)
    return 'not a message with attachments';
  for (const a of body.attachments) {
    if (a.contentType !== 'application/vnd.microsoft.card.adaptive') return `contentType ${a.contentType}`;
    const card = a.content;
    if (card?.type !== 'AdaptiveCard' || !/^1\.\d$/.test(card.version ?? '')) return 'not an AdaptiveCard 1.x';
    if (!Array.isArray(card.body) || !card.body.length) return 'an empty card';
    for (const e of card.body) {
      if (!CARD_ELEMENTS.has(e.type)) return `element ${e.type}`;
      if (e.type === 'TextBlock' && !str(e.text)) return 'a TextBlock without text';
      if (e.type === 'FactSet' && !(e.facts ?? []).every((f: any) => str(f.title) && str(f.value))) return 'a bad fact';
    }
    for (const act of card.actions ?? [])
      if (act.type !== 'Action.OpenUrl' || !/^https?:\/\//.test(act.url ?? '')) return `action ${act.type}`;
  }
  return undefined;
}

/** A loopback imitation of Slack's or Teams' incoming webhooks that validates every payload's shape. */
export async function startChatReceiver(kind: 'slack' | 'teams'): Promise<ChatReceiver> {
  const posts: ChatPost[] = [];
  const scripted = new Map<string, Array<{ status: number; headers?: Record<string, string>; body?: string }>>();
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const next = scripted.get(path)?.shift();
      if (next) {
        res.writeHead(next.status, { 'content-type': 'text/plain', ...next.headers }).end(next.body ?? 'failed');
        return;
      }
      let body: any;
      let problem: string | undefined;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (!String(req.headers['content-type']).startsWith('application/json')) problem = 'not JSON';
      } catch {
        problem = 'invalid_payload';
      }
      problem ??= kind === 'slack' ? slackProblem(body) : teamsProblem(body);
      posts.push({ path, body, accepted: !problem, ...(problem ? { problem } : {}) });
      waiters.forEach((w) => w());
      if (problem) res.writeHead(400, { 'content-type': 'text/plain' }).end(problem);
      else if (kind === 'slack') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      else res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const accepted = (path: string) => posts.filter((p) => p.path === path && p.accepted).map((p) => p.body);
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    accepted,
    fail(path, ...answers) {
      scripted.set(path, [...(scripted.get(path) ?? []), ...answers]);
    },
    waitFor(path, count, limitMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (accepted(path).length < count) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          resolve(accepted(path));
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`${count} messages on ${path} not received: ${JSON.stringify(posts)}`));
        }, limitMs);
        waiters.push(check);
        check();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
