import type { Config } from '../../core/config';
import { embeddedGenerator } from './embedded';
import { providerGenerator } from './provider';
import type { Generator } from './types';

/** The configured generator: the chat-completions provider when AI_BASE_URL is set, else the embedded one. */
export function createGenerator(
  config: Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>,
): Generator {
  if (!config.AI_BASE_URL) return embeddedGenerator;
  return providerGenerator({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL!,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}

export { embeddedGenerator, stepsFromDiff, stepsFromPrompt } from './embedded';
export { providerGenerator } from './provider';
export { GenerationError, type GenerationInput, type Generator } from './types';
