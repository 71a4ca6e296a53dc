/**
 * A minimal OpenAI-compatible chat-completions client for structured answers: one request with
 * `response_format: json_schema`, a hard timeout, and errors sorted into retryable or not so
 * Temporal's activity retry policy can do the rest. Only what the caller passes is sent.
 */

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  /** The provider's reported cost of this call (`usage.cost`, dollars) in micro-dollars, when given. */
  costMicros: number | null;
}

export interface ChatAnswer {
  json: unknown;
  /** null when the provider reported no usage at all. */
  usage: ChatUsage | null;
  model: string;
}

/** A provider failure with a customer-safe message. `retryable` false: retrying cannot help. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

export interface ChatOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Cancels the call with the activity. */
  signal?: AbortSignal;
  schemaName: string;
  schema: Record<string, unknown>;
  system: string;
  user: string;
}

const MAX_RESPONSE_BYTES = 2_000_000;

/** Calls `<baseUrl>/chat/completions` and returns the parsed JSON content of the first choice. */
export async function chatJson(o: ChatOptions): Promise<ChatAnswer> {
  const signals = [AbortSignal.timeout(o.timeoutMs), ...(o.signal ? [o.signal] : [])];
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${o.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(o.apiKey ? { Authorization: `Bearer ${o.apiKey}` } : {}) },
      body: JSON.stringify({
        model: o.model,
        temperature: 0,
        messages: [
          { role: 'system', content: o.system },
          { role: 'user', content: o.user },
        ],
        response_format: { type: 'json_schema', json_schema: { name: o.schemaName, strict: true, schema: o.schema } },
      }),
      signal: AbortSignal.any(signals),
    });
    text = await res.text();
  } catch (error) {
    if (o.signal?.aborted) throw error;
    const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
    throw new AiProviderError(
      timedOut ? `the AI provider did not answer within ${o.timeoutMs} ms` : 'the AI provider could not be reached',
      true,
    );
  }
  if (!res.ok) {
    const retryable = res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500;
    throw new AiProviderError(`the AI provider answered HTTP ${res.status}`, retryable);
  }
  if (text.length > MAX_RESPONSE_BYTES) throw new AiProviderError("the AI provider's answer was too large", true);
  const body = parseJson(text) as
    | {
        model?: unknown;
        choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }>;
        usage?: Record<string, unknown>;
      }
    | undefined;
  const message = body?.choices?.[0]?.message;
  if (typeof message?.refusal === 'string' && message.refusal)
    throw new AiProviderError('the AI provider declined to answer', false);
  if (typeof message?.content !== 'string')
    throw new AiProviderError("the AI provider's answer was malformed (no message content)", true);
  const json = parseJson(message.content);
  if (json === undefined)
    throw new AiProviderError("the AI provider's answer was malformed (the content is not JSON)", true);
  return {
    json,
    usage: usageOf(body?.usage),
    model: typeof body?.model === 'string' ? body.model.slice(0, 200) : o.model,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);

/** Tokens and the reported cost; a cost is converted to integer micro-dollars here, once. */
function usageOf(usage: Record<string, unknown> | undefined): ChatUsage | null {
  if (!usage || typeof usage !== 'object') return null;
  const cost = usage.cost;
  return {
    promptTokens: count(usage.prompt_tokens),
    completionTokens: count(usage.completion_tokens),
    costMicros: typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? Math.round(cost * 1_000_000) : null,
  };
}
