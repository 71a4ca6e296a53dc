import { providerSettings, type ProviderConfig } from '../ai/settings';
import { embeddedInterpreter } from './embedded';
import { providerInterpreter } from './provider';
import type { Interpreter } from './types';

/** The configured interpreter: the chat-completions provider when AI_BASE_URL is set, else the embedded matcher. */
export function createInterpreter(config: ProviderConfig): Interpreter {
  const settings = providerSettings(config);
  return settings ? providerInterpreter(settings) : embeddedInterpreter;
}

export { embeddedInterpreter, findNamed } from './embedded';
export { providerInterpreter } from './provider';
export { priceInterpretation } from './billing';
export type { InterpretCatalog, Interpreter, InterpreterAnswer } from './types';
