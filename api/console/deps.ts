import type { DataSource } from 'typeorm';
import type { Config } from '../../core/config';
import type { ApiKeyCache } from '../middleware/key-cache';
import type { TokenVerifier } from '../oauth/token-verifier';

/** What the console's sessions and sign-in need of the process. */
export interface ConsoleDeps {
  config: Config;
  db: DataSource;
  apiKeys: ApiKeyCache;
  /** Verifies the access token a sign-in through the organization's issuer returns. */
  tokenVerifier: TokenVerifier | null;
}
