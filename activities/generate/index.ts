import { providerSettings, type ProviderConfig } from '../ai/settings';
import { embeddedGenerator } from './embedded';
import { providerGenerator } from './provider';
import type { Generator } from './types';

/** The configured generator: the chat-completions provider when AI_BASE_URL is set, else the embedded one. */
export function createGenerator(config: ProviderConfig): Generator {
  const settings = providerSettings(config);
  return settings ? providerGenerator(settings) : embeddedGenerator;
}

export { embeddedGenerator, stepsFromDiff, stepsFromPrompt } from './embedded';
export { providerGenerator } from './provider';
export { GenerationError, type GenerationInput, type Generator } from './types';
