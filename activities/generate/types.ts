import type { ResourceStep } from '../../core/steps';

export interface GenerationInput {
  source: 'prompt' | 'diff';
  /** The prompt, or the unified git diff. */
  text: string;
  platforms: string[];
  /** The pages exploration read (roles, accessible names and texts; never a field's value). */
  pages?: Array<{ path: string; title: string; controls: Array<{ role: string; name: string }>; texts: string[] }>;
  /** The Environment's variable names a step may reference as {{env.NAME}}. */
  variables?: string[];
}

/** Writes a plan's resource-style steps from a prompt or a diff. */
export interface Generator {
  generate(
    input: GenerationInput,
    signal?: AbortSignal,
    /** Told the provider's token usage of each call (a provider's generator only). */
    onUsage?: (usage: { promptTokens: number; completionTokens: number }) => void,
  ): Promise<ResourceStep[]>;
}

/** The input shows nothing to test: retrying cannot help, the plan fails with this reason. */
export class GenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GenerationError';
  }
}
