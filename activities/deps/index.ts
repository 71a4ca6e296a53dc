import type { DataSource } from 'typeorm';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/log';
import type { MediaStorage } from '../../core/storage';

/** What activities use; built once per worker process and injected (no globals). */
export interface ActivityDeps {
  config: Config;
  db: DataSource;
  storage: MediaStorage;
  log: Logger;
  /** Aborts when this worker process begins a graceful stop: runners start no new step (activities/run/handover.ts). */
  stopping?: AbortSignal;
}
