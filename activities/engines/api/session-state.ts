import type { AssuranceFinding } from '../../../core/assurance';
import type { egressFetch } from '../../../core/egress-fetch';
import type { Redactor } from '../shared/redactor';
import { ContractChecker } from './contract';
import type { ApiDocument, DocumentedOperation } from './openapi';
import { PlaceholderError, type Lookup } from './placeholders';
import type { ApiObservation } from './types';

export interface ApiSessionOptions {
  baseUrl: string;
  document: ApiDocument | null;
  documentProblem?: string;
  /** Request headers of each auth profile, resolved from the runner host; a string explains why a profile cannot be used. */
  identities: Map<string, Record<string, string> | string>;
  resolveValue(name: string): Promise<string>;
  redactor: Redactor;
  maxFuzzProbes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** fetch under the runner's egress policy (core/egress-fetch.ts). */
  fetch: ReturnType<typeof egressFetch>;
}

/** A request a step sent, kept so an isolation probe can replay it and fuzzing can vary it. */
export interface SentRequest {
  op: DocumentedOperation | null;
  status: number;
  path: string;
  body?: string;
  identity?: string;
}

/**
 * What one API session remembers between steps. Values (captured variables, runtime values,
 * bodies) stay here in memory; only observations and findings leave it.
 */
export interface SessionState {
  o: ApiSessionOptions;
  checker: ContractChecker;
  variables: Map<string, unknown>;
  /** Fills placeholders from captured variables and runtime values. */
  lookup: Lookup;
  observations: ApiObservation[];
  findings: AssuranceFinding[];
  sentByStep: Map<number, SentRequest>;
  /** Values captured by the trigger of each cross-channel group. */
  crossChannel: Map<string, unknown>;
}

export function newSessionState(o: ApiSessionOptions): SessionState {
  const variables = new Map<string, unknown>();
  return {
    o,
    checker: new ContractChecker(),
    variables,
    lookup: {
      variable: (name) => variables.get(name),
      value: async (name) => {
        let value: string;
        try {
          value = await o.resolveValue(name);
        } catch {
          // The channel's own error names the API's internal address: never shown.
          throw new PlaceholderError(`the runtime value "${name}" could not be provided`);
        }
        o.redactor.add(value);
        return value;
      },
    },
    observations: [],
    findings: [],
    sentByStep: new Map(),
    crossChannel: new Map(),
  };
}
