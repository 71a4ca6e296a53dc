import type { Readable } from 'node:stream';

/** Where evidence media and uploaded artifacts live; the API only ever hands out short-lived URLs. */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A URL that serves the object for `ttlSeconds`, e.g. a presigned S3 GET. */
  readUrl(key: string, ttlSeconds: number): Promise<string>;
  /** The object's bytes as a stream; rejects when the object is missing. */
  read(key: string): Promise<Readable>;
  /**
   * A URL that accepts a PUT of exactly `bytes` bytes with exactly `contentType` for `ttlSeconds`
   * (a presigned S3 PUT binding both headers, or the API's own signed upload route).
   */
  presignPut(key: string, contentType: string, bytes: number, ttlSeconds: number): Promise<string>;
  /** Removes the object; deleting a missing object succeeds, so a repeated purge is harmless. */
  delete(key: string): Promise<void>;
}
