import type { DataSource } from 'typeorm';
import type { Config } from '../api/config';
import type { Logger } from '../api/log';
import type { MediaStorage } from './storage';

/** What activities use; built once per worker process and injected (no globals). */
export interface ActivityDeps {
  config: Config;
  db: DataSource;
  storage: MediaStorage;
  log: Logger;
}
