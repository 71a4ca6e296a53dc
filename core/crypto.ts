import { createCipheriv, createDecipheriv, createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Parses a 32-byte key given as base64 or hex. */
export function parseSecretsKey(text: string): Buffer {
  const candidates = [/^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : null, Buffer.from(text, 'base64')];
  const key = candidates.find((b) => b && b.length === 32);
  if (!key) throw new Error('SECRETS_KEY must be 32 bytes, written as base64 or hex (e.g. `openssl rand -base64 32`)');
  return key;
}

/**
 * AES-256-GCM sealing of Environment runtime values. The additional data binds a sealed value to
 * its environment and name, so a ciphertext copied to another row does not open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Seals a runtime value for its owner (an Environment or a Run) and name. */
  sealValue(ownerId: string, name: string, value: string): string {
    return this.seal(value, `${ownerId}:${name}`);
  }

  /** Opens a runtime value sealed by sealValue for the same owner and name; throws otherwise. */
  openValue(ownerId: string, name: string, sealed: string): string {
    return this.open(sealed, `${ownerId}:${name}`);
  }

  open(sealed: string, context: string): string {
    if (!sealed.startsWith('v1.')) throw new Error('unknown sealed value format');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

// crypto.hash: one call, no Hash object (every authenticated request hashes its secret).
export const sha256 = (text: string | Buffer) => hash('sha256', text, 'hex');
/** The same digest as bytes (for a constant-time comparison without converting the hex). */
export const sha256Digest = (text: string) => hash('sha256', text, 'buffer');

/** Constant-time comparison of two hex digests (or any equal-format strings). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function hmac(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

const KEY_ID_LENGTH = 16;

/**
 * Organization API keys are `aut_<key id><secret>`: the id finds the row, the secret is only
 * ever stored as a SHA-256 digest and compared in constant time.
 */
export function generateApiKey(): { keyId: string; secret: string; apiKey: string } {
  const keyId = randomBytes(12).toString('base64url').slice(0, KEY_ID_LENGTH);
  const secret = randomBytes(32).toString('base64url');
  return { keyId, secret, apiKey: `aut_${keyId}${secret}` };
}

export function splitApiKey(apiKey: string): { keyId: string; secret: string } | null {
  if (!/^aut_[A-Za-z0-9_-]{40,100}$/.test(apiKey)) return null;
  const body = apiKey.slice(4);
  return { keyId: body.slice(0, KEY_ID_LENGTH), secret: body.slice(KEY_ID_LENGTH) };
}

/** Canonical JSON (sorted keys) so equal requests hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A link's signature over `payload(exp)`, valid until `exp` (now + `ttlMs`). */
export function signUntil(key: string, payload: (exp: number) => string, ttlMs: number, now = Date.now()) {
  const exp = now + ttlMs;
  return { exp, sig: hmac(key, payload(exp)) };
}

/**
 * True when `sig` signs `payload(exp)` and `exp` has not passed. An `exp` further ahead than a link
 * of this kind lives (a minute of clock skew allowed) was not issued here.
 */
export function verifyUntil(
  key: string,
  payload: (exp: number) => string,
  ttlMs: number,
  expText: string,
  sig: string,
  now = Date.now(),
): boolean {
  if (!/^\d{1,15}$/.test(expText)) return false;
  const exp = Number(expText);
  if (exp < now || exp > now + ttlMs + 60_000) return false;
  return safeEqual(hmac(key, payload(exp)), sig);
}
