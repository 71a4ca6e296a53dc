import type { Config } from '../../core/config';
import { embeddedInterpreter } from './embedded';
import { providerInterpreter } from './provider';
import type { Interpreter } from './types';

/** The configured interpreter: the chat-completions provider when AI_BASE_URL is set, else the embedded matcher. */
export function createInterpreter(
  config: Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>,
): Interpreter {
  if (!config.AI_BASE_URL) return embeddedInterpreter;
  return providerInterpreter({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL!,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}

export { embeddedInterpreter, findNamed } from './embedded';
export { providerInterpreter } from './provider';
export { priceInterpretation } from './billing';
export type { InterpretCatalog, Interpreter, InterpreterAnswer } from './types';
