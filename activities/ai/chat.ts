/**
 * Structured answers from a provider through its official SDK: OpenAI's chat completions with
 * `response_format: json_schema` (OpenAI and every OpenAI-compatible server), or Anthropic's
 * messages with one forced tool whose input schema is the answer's. The SDKs time out and retry
 * with backoff; what is left is sorted into retryable or not so Temporal's retry policy can do
 * the rest. Every prompt is redacted before it leaves.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { ProviderSettings } from './settings';
import { redactPrompt } from './redact';

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

export interface ChatOptions extends ProviderSettings {
  /** Cancels the call with the activity. */
  signal?: AbortSignal;
  schemaName: string;
  schema: Record<string, unknown>;
  system: string;
  user: string;
  /** Values that must never reach the provider (an Environment's secrets); redacted from the prompt. */
  secrets?: readonly string[];
}

const MAX_ANSWER_CHARS = 2_000_000;

/** Asks the configured provider and returns the parsed JSON of its answer. */
export async function chatJson(o: ChatOptions): Promise<ChatAnswer> {
  const prompt = { system: redactPrompt(o.system, o.secrets), user: redactPrompt(o.user, o.secrets) };
  try {
    return o.kind === 'anthropic' ? await anthropicJson(o, prompt) : await openaiJson(o, prompt);
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    if (o.signal?.aborted) throw error;
    throw sorted(error, o.timeoutMs);
  }
}

type Prompt = { system: string; user: string };

async function openaiJson(o: ChatOptions, prompt: Prompt): Promise<ChatAnswer> {
  const client = new OpenAI({
    baseURL: o.baseUrl,
    // The SDK insists on a key; servers without one (Ollama, llama.cpp) ignore it.
    apiKey: o.apiKey || 'unset',
    timeout: o.timeoutMs,
    maxRetries: o.maxRetries,
  });
  const body = (await client.chat.completions.create(
    {
      model: o.model,
      temperature: 0,
      stream: false,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      response_format: { type: 'json_schema', json_schema: { name: o.schemaName, strict: true, schema: o.schema } },
    },
    { signal: o.signal },
  )) as unknown as {
    model?: unknown;
    choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }>;
    usage?: Record<string, unknown>;
  };
  const message = body?.choices?.[0]?.message;
  if (typeof message?.refusal === 'string' && message.refusal)
    throw new AiProviderError('the AI provider declined to answer', false);
  if (typeof message?.content !== 'string')
    throw new AiProviderError("the AI provider's answer was malformed (no message content)", true);
  return {
    json: parseContent(message.content),
    usage: usageOf(body.usage?.prompt_tokens, body.usage?.completion_tokens, body.usage),
    model: typeof body.model === 'string' ? body.model.slice(0, 200) : o.model,
  };
}

async function anthropicJson(o: ChatOptions, prompt: Prompt): Promise<ChatAnswer> {
  const client = new Anthropic({
    baseURL: o.baseUrl,
    apiKey: o.apiKey || 'unset',
    timeout: o.timeoutMs,
    maxRetries: o.maxRetries,
  });
  const body = (await client.messages.create(
    {
      model: o.model,
      max_tokens: 8192,
      stream: false,
      system: prompt.system,
      messages: [{ role: 'user', content: prompt.user }],
      // One forced tool whose input is the answer: Anthropic's way to a schema-shaped reply.
      tools: [{ name: o.schemaName, description: 'Give the answer.', input_schema: o.schema as never }],
      tool_choice: { type: 'tool', name: o.schemaName },
    },
    { signal: o.signal },
  )) as unknown as {
    model?: unknown;
    stop_reason?: unknown;
    content?: Array<{ type?: unknown; input?: unknown; text?: unknown }>;
    usage?: Record<string, unknown>;
  };
  if (body?.stop_reason === 'refusal') throw new AiProviderError('the AI provider declined to answer', false);
  const blocks = Array.isArray(body?.content) ? body.content : [];
  const tool = blocks.find((b) => b?.type === 'tool_use');
  const text = blocks.find((b) => b?.type === 'text' && typeof b.text === 'string');
  if (!tool && !text) throw new AiProviderError("the AI provider's answer was malformed (no message content)", true);
  if (tool && (!tool.input || typeof tool.input !== 'object'))
    throw new AiProviderError("the AI provider's answer was malformed (the content is not JSON)", true);
  return {
    json: tool ? tool.input : parseContent(text!.text as string),
    usage: usageOf(body.usage?.input_tokens, body.usage?.output_tokens, body.usage),
    model: typeof body.model === 'string' ? body.model.slice(0, 200) : o.model,
  };
}

function parseContent(content: string): unknown {
  if (content.length > MAX_ANSWER_CHARS) throw new AiProviderError("the AI provider's answer was too large", true);
  try {
    return JSON.parse(content);
  } catch {
    throw new AiProviderError("the AI provider's answer was malformed (the content is not JSON)", true);
  }
}

/** An SDK error as a customer-safe AiProviderError (never the provider's own text: it may echo the prompt). */
function sorted(error: unknown, timeoutMs: number): AiProviderError {
  const isTimeout =
    error instanceof OpenAI.APIConnectionTimeoutError || error instanceof Anthropic.APIConnectionTimeoutError;
  if (isTimeout) return new AiProviderError(`the AI provider did not answer within ${timeoutMs} ms`, true);
  if (error instanceof OpenAI.APIConnectionError || error instanceof Anthropic.APIConnectionError)
    return new AiProviderError('the AI provider could not be reached', true);
  if (error instanceof OpenAI.APIError || error instanceof Anthropic.APIError) {
    const status = error.status ?? 0;
    if (status === 0) return new AiProviderError("the AI provider's answer was malformed (no message content)", true);
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return new AiProviderError(`the AI provider answered HTTP ${status}`, retryable);
  }
  // A body that is not JSON at all (the SDK's parse failed).
  if (error instanceof SyntaxError)
    return new AiProviderError("the AI provider's answer was malformed (no message content)", true);
  return new AiProviderError('the AI provider could not be reached', true);
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);

/** Tokens and the reported cost; a cost is converted to integer micro-dollars here, once. */
function usageOf(prompt: unknown, completion: unknown, usage: Record<string, unknown> | undefined): ChatUsage | null {
  if (!usage || typeof usage !== 'object') return null;
  const cost = usage.cost;
  return {
    promptTokens: count(prompt),
    completionTokens: count(completion),
    costMicros: typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? Math.round(cost * 1_000_000) : null,
  };
}
