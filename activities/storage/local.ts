import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { hmac, safeEqual } from '../../api/crypto';
import type { MediaStorage } from './index';

/**
 * Files under a directory. Read URLs point at the API's `/media?key=…` route with their own
 * short-lived signature, standing in for what a presigned object-store URL does.
 */
export class LocalMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(dir: string, private readonly baseUrl: () => string, private readonly signingKey: string) {
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
    return stat(this.path(key)).then(() => true, () => false);
  }

  async readUrl(key: string, ttlSeconds: number): Promise<string> {
    const exp = Date.now() + ttlSeconds * 1000;
    return `${this.baseUrl()}/media?key=${encodeURIComponent(key)}&exp=${exp}&sig=${this.sign(key, exp)}`;
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

export const joinKey = (...parts: string[]) => join(...parts).split(sep).join('/');
