import type { DataSource } from 'typeorm';
import type { Client } from '@temporalio/client';
import type { Config } from './config';
import type { SecretBox } from './crypto';
import type { Logger } from './log';

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
  /** Extension point for later capabilities (media storage, OAuth verifier, interpreters). */
  services: Record<string, unknown>;
  /** Registers cleanup to run when the process (or a test app) shuts down. */
  onClose?(cleanup: () => void | Promise<void>): void;
}
