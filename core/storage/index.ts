import type { MediaStorage } from './types';
import type { Config } from '../config';
import { LocalMediaStorage } from './local';
import { S3MediaStorage } from './s3';

export type { MediaStorage } from './types';

/** The S3-compatible store when S3_BUCKET is set, else files under MEDIA_DIR served by the API. */
export function createMediaStorage(config: Config): MediaStorage {
  return config.S3_BUCKET
    ? new S3MediaStorage(config)
    : new LocalMediaStorage(config.MEDIA_DIR, () => config.BASE_URL, config.SIGNING_KEY);
}
