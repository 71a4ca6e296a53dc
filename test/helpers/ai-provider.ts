import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake provider does with one chat-completions request. */
export type ProviderReply =
  | { kind: 'answer'; content: string | object; usage?: Record<string, unknown>; model?: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'raw'; body: string }
  | { kind: 'hang' };

export interface SeenRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface FakeProvider {
  /** `AI_BASE_URL` for the service: `<origin>/v1`. */
  baseUrl: string;
  seen: SeenRequest[];
  /** Decides each reply; replace it per test. */
  reply: (request: SeenRequest) => ProviderReply;
  close(): Promise<void>;
}

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions),
 * scripted per test: a normal answer with usage, a malformed one, an error status, or no
 * answer at all (a hang, for timeouts).
 */
export async function startFakeProvider(): Promise<FakeProvider> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const provider: FakeProvider = {
    baseUrl: '',
    seen: [],
    reply: () => ({ kind: 'status', status: 500 }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(data);
      } catch {
        /* recorded as null */
      }
      const seen = { path: req.url ?? '', headers: req.headers, body };
      provider.seen.push(seen);
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      const reply = provider.reply(seen);
      res.setHeader('Content-Type', 'application/json');
      if (reply.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (reply.kind === 'status') {
        res.statusCode = reply.status;
        res.end(reply.body ?? '{"error":{"message":"scripted"}}');
        return;
      }
      if (reply.kind === 'raw') {
        res.end(reply.body);
        return;
      }
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 0,
          model: reply.model ?? 'test-model',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: {
                role: 'assistant',
                content: typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content),
              },
            },
          ],
          ...(reply.usage ? { usage: reply.usage } : {}),
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  provider.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return provider;
}
