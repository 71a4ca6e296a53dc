import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hmac, safeEqual } from '../crypto';
import type { MediaStorage } from './types';

/** The API route that stands in for a presigned object-store PUT (see api/endpoints/artifacts/upload.ts). */
export const LOCAL_UPLOAD_PATH = '/api/artifacts/upload';

/** An upload written to a temporary file, not yet visible under its key. */
export interface StagedUpload {
  /** Bytes received, or `limit + 1` when the body ran past the limit (reading stopped there). */
  received: number;
  /** Moves the bytes under the key; fails when the key already holds an object. */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Files under a directory. Read URLs point at the API's `/media?key=…` route with their own
 * short-lived signature, standing in for what a presigned object-store URL does.
 */
export class LocalMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(
    dir: string,
    private readonly baseUrl: () => string,
    private readonly signingKey: string,
  ) {
    this.root = resolve(dir);
  }

  private path(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error('storage key escapes the media directory');
    return full;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const full = this.path(key);
    await mkdir(dirname(full), { recursive: true });
    const temp = `${full}.${process.pid}.tmp`;
    await writeFile(temp, body);
    await rename(temp, full); // atomic: a retried activity never leaves half a file
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await unlink(this.path(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async readUrl(key: string, ttlSeconds: number): Promise<string> {
    const exp = Date.now() + ttlSeconds * 1000;
    return `${this.baseUrl()}/media?key=${encodeURIComponent(key)}&exp=${exp}&sig=${this.sign(key, exp)}`;
  }

  async read(key: string): Promise<Readable> {
    const full = this.path(key);
    await stat(full);
    return createReadStream(full);
  }

  async presignPut(key: string, contentType: string, bytes: number, ttlSeconds: number): Promise<string> {
    const exp = Date.now() + ttlSeconds * 1000;
    return `${this.baseUrl()}${LOCAL_UPLOAD_PATH}?key=${encodeURIComponent(key)}&exp=${exp}&sig=${this.signPut(key, contentType, bytes, exp)}`;
  }

  /** The signature binds key, type and length, as an S3 presigned PUT binds its signed headers. */
  private signPut(key: string, contentType: string, bytes: number, exp: number): string {
    return hmac(this.signingKey, `put:${key}:${contentType}:${bytes}:${exp}`);
  }

  /** True when a PUT link for exactly this key, type and length is untouched and unexpired. */
  verifyPut(key: string, contentType: string, bytes: number, expText: string, sig: string, now = Date.now()): boolean {
    if (!/^\d{1,15}$/.test(expText) || Number(expText) < now) return false;
    return safeEqual(this.signPut(key, contentType, bytes, Number(expText)), sig);
  }

  /**
   * Streams a body to a temporary file beside the media, stopping as soon as it exceeds `limit`
   * bytes, so an oversized upload never fills the disk. A body that ends early (client gone)
   * reports the bytes that did arrive.
   */
  async receive(key: string, body: Readable, limit: number): Promise<StagedUpload> {
    const final = this.path(key);
    const temp = this.path(join('.incoming', `${randomBytes(12).toString('hex')}.part`));
    await mkdir(dirname(temp), { recursive: true });
    let received = 0;
    const tooLong = new Error('upload exceeds its declared length');
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(received > limit ? tooLong : null, chunk);
      },
    });
    const discard = () => unlink(temp).catch(() => undefined);
    try {
      await pipeline(body, counter, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await discard();
      if (error === tooLong)
        return {
          received: limit + 1,
          commit: async () => {
            throw tooLong;
          },
          discard,
        };
      return {
        received: Math.min(received, limit),
        commit: async () => {
          throw error;
        },
        discard,
      };
    }
    return {
      received,
      discard,
      async commit() {
        await mkdir(dirname(final), { recursive: true });
        // link() refuses an existing target: storage-level once-only, like S3's If-None-Match: *.
        try {
          await link(temp, final);
        } finally {
          await discard();
        }
      },
    };
  }

  sign(key: string, exp: number): string {
    return hmac(this.signingKey, `media:${key}:${exp}`);
  }

  /** For the `/media/*` route: the bytes when the signature holds, else null. */
  async readSigned(key: string, exp: number, sig: string): Promise<Buffer | null> {
    if (!Number.isFinite(exp) || exp < Date.now() || !safeEqual(this.sign(key, exp), sig)) return null;
    return readFile(this.path(key)).catch(() => null);
  }
}

export const joinKey = (...parts: string[]) =>
  join(...parts)
    .split(sep)
    .join('/');
