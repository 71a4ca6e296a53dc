import type { Config } from '../../api/config';
import { LocalMediaStorage } from './local';
import { S3MediaStorage } from './s3';

/** Where evidence media and uploaded artifacts live; the API only ever hands out short-lived URLs. */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A URL that serves the object for `ttlSeconds`, e.g. a presigned S3 GET. */
  readUrl(key: string, ttlSeconds: number): Promise<string>;
}

/** The S3-compatible store when S3_BUCKET is set, else files under MEDIA_DIR served by the API. */
export function createMediaStorage(config: Config): MediaStorage {
  return config.S3_BUCKET ? new S3MediaStorage(config) : new LocalMediaStorage(config.MEDIA_DIR, () => config.BASE_URL, config.SIGNING_KEY);
}
