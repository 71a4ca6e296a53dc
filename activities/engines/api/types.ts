/** What an API step shows in External Evidence: shapes and numbers, never bodies, headers or values. */
export interface ApiObserved {
  method: string;
  pathShape: string;
  status: number;
  contentType: string;
  durationMs: number;
  /** Type structure digest of the response body (absent without a JSON body). */
  fingerprint?: string;
  /** Isolation probes: the owner's status beside the actor's. */
  ownerStatus?: number;
  identity?: string;
}

export type { ApiObservation, ApiRunResult } from '../../../core/assurance';
