import type { Config } from '../../core/config';

/** Where and how to ask an OpenAI-compatible chat-completions provider. */
export interface ProviderSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** The part of the configuration that chooses and reaches the provider. */
export type ProviderConfig = Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>;

/** The configured provider's settings; null when AI_BASE_URL is not set (the embedded adapters answer then). */
export function providerSettings(config: ProviderConfig): ProviderSettings | null {
  if (!config.AI_BASE_URL) return null;
  return {
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL!,
    timeoutMs: config.AI_TIMEOUT_MS,
  };
}
