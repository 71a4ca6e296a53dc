import type { Config } from '../../core/config';

export type ProviderKind = 'openai' | 'anthropic';

/** Which provider to ask and how: through its official SDK, with the SDK's own timeout and retries. */
export interface ProviderSettings {
  kind: ProviderKind;
  /** The SDK's base URL (OpenAI's serves every OpenAI-compatible server: vLLM, Ollama, LM Studio, llama.cpp). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Retries of one call by the SDK (with its backoff) on timeouts, connection errors, 408/409/429/5xx. */
  maxRetries: number;
}

/** The part of the configuration that chooses and reaches the provider. */
export type ProviderConfig = Pick<
  Config,
  'AI_PROVIDER' | 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI_MAX_RETRIES'
>;

const DEFAULT_BASE_URL: Record<ProviderKind, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};

/** The provider's kind: AI_PROVIDER, else `openai` when only AI_BASE_URL is set (as before), else none. */
export function providerKind(config: Pick<Config, 'AI_PROVIDER' | 'AI_BASE_URL'>): ProviderKind | null {
  if (config.AI_PROVIDER === 'embedded') return null;
  if (config.AI_PROVIDER) return config.AI_PROVIDER;
  return config.AI_BASE_URL ? 'openai' : null;
}

/** The configured provider's settings; null when none is chosen (the embedded adapters answer then). */
export function providerSettings(config: ProviderConfig): ProviderSettings | null {
  const kind = providerKind(config);
  if (!kind) return null;
  return {
    kind,
    baseUrl: config.AI_BASE_URL ?? DEFAULT_BASE_URL[kind],
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL!,
    timeoutMs: config.AI_TIMEOUT_MS,
    maxRetries: config.AI_MAX_RETRIES,
  };
}
