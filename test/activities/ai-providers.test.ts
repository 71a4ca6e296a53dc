import assert from 'node:assert/strict';
import { AiProviderError, chatJson } from '../../activities/ai/chat';
import { providerSettings, type ProviderKind } from '../../activities/ai/settings';
import { providerGenerator } from '../../activities/generate';
import { loadConfig as load } from '../../core/config';
import { startFakeProvider, type FakeProvider } from '../helpers/ai-provider';

const SCHEMA = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
const ENV_SECRET = 'Correct-Horse-Battery-77';
const KEY_IN_PROMPT = 'sk-live-abcdefghijklmnop1234567890';

/** Issue 78 point 5: OpenAI (and compatible servers) and Anthropic, through their SDKs, streaming off. */
describe('AI providers through their official SDKs', function () {
  this.timeout(30_000);
  let provider: FakeProvider;
  before(async () => {
    provider = await startFakeProvider();
  });
  after(() => provider.close());
  beforeEach(() => {
    provider.seen.length = 0;
  });

  for (const kind of ['openai', 'anthropic'] as ProviderKind[]) {
    describe(kind, () => {
      const settings = (over: { timeoutMs?: number; maxRetries?: number } = {}) => ({
        kind,
        baseUrl: kind === 'openai' ? provider.baseUrl : provider.origin,
        apiKey: 'provider-key-for-tests',
        model: 'test-model',
        timeoutMs: over.timeoutMs ?? 2000,
        maxRetries: over.maxRetries ?? 0,
      });
      const ask = (over: Parameters<typeof settings>[0] = {}, user = 'hello', secrets: string[] = []) =>
        chatJson({ ...settings(over), schemaName: 'answer', schema: SCHEMA, system: 'be brief', user, secrets });

      it('asks with the schema, streaming off, and returns the answer with its tokens', async () => {
        provider.reply = () => ({
          kind: 'answer',
          content: { ok: true },
          usage: { prompt_tokens: 120, completion_tokens: 7 },
        });
        const answer = await ask();
        assert.deepEqual(answer.json, { ok: true });
        assert.equal(answer.usage?.promptTokens, 120);
        assert.equal(answer.usage?.completionTokens, 7);
        const [seen] = provider.seen;
        assert.equal(seen.body.stream, false);
        assert.equal(seen.body.model, 'test-model');
        if (kind === 'openai') {
          assert.equal(seen.path, '/v1/chat/completions');
          assert.equal(seen.headers.authorization, 'Bearer provider-key-for-tests');
          assert.deepEqual(seen.body.response_format.json_schema.schema, SCHEMA);
        } else {
          assert.equal(seen.path, '/v1/messages');
          const key = seen.headers['x-api-key'] ?? seen.headers.authorization;
          assert.match(String(key), /provider-key-for-tests/);
          assert.deepEqual(seen.body.tools[0].input_schema, SCHEMA);
          assert.deepEqual(seen.body.tool_choice, { type: 'tool', name: 'answer' });
        }
      });

      it('treats a refusal as permanent', async () => {
        provider.reply = () => ({ kind: 'refusal' });
        await assert.rejects(
          ask(),
          (e: unknown) => e instanceof AiProviderError && !e.retryable && /declined to answer/.test(e.message),
        );
      });

      it('treats a malformed answer as retryable, with the reason', async () => {
        provider.reply = () => ({ kind: 'answer', content: 'Sure, here are your steps!' });
        await assert.rejects(
          ask(),
          (e: unknown) => e instanceof AiProviderError && e.retryable && /content is not JSON/.test(e.message),
        );
      });

      it("times out, and the SDK's retries try again", async () => {
        provider.reply = () => ({ kind: 'hang' });
        await assert.rejects(
          ask({ timeoutMs: 200, maxRetries: 1 }),
          (e: unknown) => e instanceof AiProviderError && e.retryable && /did not answer within 200 ms/.test(e.message),
        );
        assert.equal(provider.seen.length, 2, 'one try and one retry');
      });

      it('retries a 503 with backoff and returns the later answer', async () => {
        let calls = 0;
        provider.reply = () =>
          ++calls === 1 ? { kind: 'status', status: 503 } : { kind: 'answer', content: { ok: true } };
        assert.deepEqual((await ask({ maxRetries: 2 })).json, { ok: true });
        assert.equal(provider.seen.length, 2);
      });

      it('never sends a secret: Environment values and credential-shaped words are redacted', async () => {
        provider.reply = () => ({ kind: 'answer', content: { ok: true } });
        await ask({}, `sign in with ${ENV_SECRET} and the key ${KEY_IN_PROMPT}`, [ENV_SECRET]);
        const sent = JSON.stringify(provider.seen[0].body);
        assert.ok(!sent.includes(ENV_SECRET), sent);
        assert.ok(!sent.includes(KEY_IN_PROMPT), sent);
        assert.match(sent, /sign in with \[redacted\] and the key \[redacted\]/);
      });

      it('refuses a malformed step with a reason naming it, keeping nothing', async () => {
        provider.reply = () => ({
          kind: 'answer',
          content: {
            steps: [
              { action: 'navigate', target: '/login', value: null },
              { action: 'hover', target: 'Menu', value: null },
            ],
          },
        });
        await assert.rejects(
          providerGenerator(settings()).generate({ source: 'prompt', text: 'sign in', platforms: ['web'] }),
          (e: unknown) =>
            e instanceof AiProviderError && /step 2 \(action\) does not match the step schema/.test(e.message),
        );
      });
    });
  }

  it('is chosen by configuration, old variables still working', () => {
    const required = {
      DATABASE_URL: 'mysql://root@127.0.0.1:3307/qa',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    const loadConfig = (env: Record<string, string>) => load({ ...required, ...env });
    const base = { AI_MODEL: 'm' };
    assert.equal(providerSettings(loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:9/v1' }))?.kind, 'openai');
    const anthropic = providerSettings(loadConfig({ ...base, AI_PROVIDER: 'anthropic' }));
    assert.equal(anthropic?.kind, 'anthropic');
    assert.equal(anthropic?.baseUrl, 'https://api.anthropic.com');
    assert.equal(providerSettings(loadConfig({})), null);
    assert.equal(providerSettings(loadConfig({ AI_PROVIDER: 'embedded', AI_BASE_URL: 'http://127.0.0.1:9/v1' })), null);
  });
});
