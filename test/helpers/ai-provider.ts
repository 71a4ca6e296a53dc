import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake provider does with one chat-completions request. */
export type ProviderReply =
  | { kind: 'answer'; content: string | object; usage?: Record<string, unknown>; model?: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'raw'; body: string }
  | { kind: 'refusal' }
  | { kind: 'hang' };

export interface SeenRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface FakeProvider {
  /** `AI_BASE_URL` for the service (OpenAI protocol): `<origin>/v1`. */
  baseUrl: string;
  /** `AI_BASE_URL` for the service (Anthropic protocol, whose SDK adds `/v1/messages`): `<origin>`. */
  origin: string;
  seen: SeenRequest[];
  /** Decides each reply; replace it per test. */
  reply: (request: SeenRequest) => ProviderReply;
  close(): Promise<void>;
}

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions) and
 * Anthropic's messages protocol (POST /v1/messages, the answer as the forced tool's input),
 * streaming off, scripted per test: a normal answer with usage, a refusal, a malformed one, an
 * error status, or no answer at all (a hang, for timeouts).
 */
export async function startFakeProvider(): Promise<FakeProvider> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const provider: FakeProvider = {
    baseUrl: '',
    origin: '',
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
      const anthropic = req.url === '/v1/messages';
      if ((req.url !== '/v1/chat/completions' && !anthropic) || req.method !== 'POST') {
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
      if (anthropic) {
        res.end(
          JSON.stringify(anthropicMessage(reply, (body as { tools?: Array<{ name: string }> })?.tools?.[0]?.name)),
        );
        return;
      }
      if (reply.kind === 'refusal') {
        const message = { role: 'assistant', content: null, refusal: 'I cannot help with that.' };
        res.end(
          JSON.stringify({
            id: 'c',
            object: 'chat.completion',
            created: 0,
            model: 'test-model',
            choices: [{ index: 0, finish_reason: 'stop', message }],
          }),
        );
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
  provider.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.baseUrl = `${provider.origin}/v1`;
  return provider;
}

/** An Anthropic Message for a scripted reply: an object answer is the forced tool's input. */
function anthropicMessage(reply: ProviderReply & { kind: 'answer' | 'refusal' }, tool = 'answer') {
  const base = { id: 'msg_test', type: 'message', role: 'assistant', stop_sequence: null };
  if (reply.kind === 'refusal')
    return {
      ...base,
      model: 'test-model',
      content: [],
      stop_reason: 'refusal',
      usage: { input_tokens: 10, output_tokens: 0 },
    };
  const content =
    typeof reply.content === 'string'
      ? [{ type: 'text', text: reply.content }]
      : [{ type: 'tool_use', id: 'toolu_test', name: tool, input: reply.content }];
  return {
    ...base,
    model: reply.model ?? 'test-model',
    content,
    stop_reason: typeof reply.content === 'string' ? 'end_turn' : 'tool_use',
    usage: {
      input_tokens: Number(reply.usage?.prompt_tokens ?? reply.usage?.input_tokens ?? 0),
      output_tokens: Number(reply.usage?.completion_tokens ?? reply.usage?.output_tokens ?? 0),
    },
  };
}
