import type { DataSource } from 'typeorm';
import type { Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { SecretBox } from '../../core/crypto';
import type { Logger } from '../../core/log';
import type { MediaStorage } from '../../core/storage';
import type { TokenVerifier } from '../oauth/token-verifier';
import type { ApiKeyCache } from '../middleware/key-cache';
import type { RateLeases } from '../middleware/rate-leases';
import type { RunWatcher } from '../runs/watcher';
import type { CredentialStrategy } from '../middleware/auth';

/**
 * What handlers may use. Built once by the server (or by a test) and passed down; nothing
 * below the app reaches for globals.
 */
export interface AppDeps {
  config: Config;
  db: DataSource;
  secrets: SecretBox;
  log: Logger;
  /** Connected lazily: the catalog's reads work while Temporal is down. */
  temporal(): Promise<Client>;
  /** Evidence media and uploaded artifacts. */
  storage: MediaStorage;
  /** Shared long-poll watcher of run.get. */
  runWatcher: RunWatcher;
  /** Active API keys, cached for API_KEY_CACHE_TTL_MS. */
  apiKeys: ApiKeyCache;
  /** Tokens of the organizations' shared rate buckets this process holds. */
  rateLeases: RateLeases;
  /** OAuth access token verification; null when no issuer is configured (API keys only). */
  tokenVerifier: TokenVerifier | null;
  /** The console's session cookie, the one credential besides the Authorization header. */
  sessionCredential: CredentialStrategy | null;
  /** The clock of time-limited checks (signed media links): Date.now unless a test sets its own. */
  clock?: () => number;
  /** Set when the process begins a graceful stop (api/server.ts): /healthz answers 503 draining. */
  draining?: boolean;
  /** Registers cleanup to run when the process (or a test app) shuts down. */
  onClose(cleanup: () => void | Promise<void>): void;
}
