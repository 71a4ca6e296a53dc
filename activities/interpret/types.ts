/** What an interpreter may choose from: the organization's real plans and environments (names only). */
export interface InterpretCatalog {
  plans: Array<{ id: string; name: string }>;
  environments: Array<{ slug: string; name: string }>;
}

export interface InterpretUsage {
  promptTokens: number;
  completionTokens: number;
  /** The provider's reported cost in micro-dollars; null when it reports none. */
  costMicros: number | null;
}

/** A validated answer: every id and slug in it exists in the catalog it was given. */
export interface InterpreterAnswer {
  planIds: string[];
  environmentSlugs: string[];
  platforms: string[];
  /** Why parts of the answer or the request were dropped. */
  rejectionReasons: string[];
  usage: InterpretUsage;
  /** `embedded` for the built-in matcher (not billed), else the provider's host. */
  provider: string;
  model: string;
}

/** Turns a natural-language run request into a selection from the catalog. */
export interface Interpreter {
  interpret(text: string, catalog: InterpretCatalog, signal?: AbortSignal): Promise<InterpreterAnswer>;
}

export const PLATFORMS = ['web', 'api', 'ios', 'android'] as const;
