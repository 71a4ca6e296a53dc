/** What a redacted secret is replaced with, everywhere. */
export const REDACTED = '[redacted]';

/**
 * Replaces known secrets (Environment values, generated passwords) in text before it leaves the runner.
 * Besides the raw value it catches the forms a secret takes on its way through a browser or a log:
 * percent-encoded (URL, form body), JSON-escaped and base64. Encoded forms are skipped for secrets
 * shorter than 4 characters: their base64 is so short it would erase unrelated text.
 */
export class Redactor {
  readonly #needles = new Set<string>();
  #pattern: RegExp | null = null;
  #bytePattern: RegExp | null = null;

  add(secret: string): void {
    if (!secret) return;
    for (const form of forms(secret)) if (form) this.#needles.add(form);
    this.#pattern = this.#bytePattern = null;
  }

  redact(text: string): string {
    if (!text || this.#needles.size === 0) return text;
    // Longest first, so a secret that contains another is replaced whole rather than leaving its rest behind.
    this.#pattern ??= new RegExp(
      [...this.#needles]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );
    return text.replace(this.#pattern, REDACTED);
  }

  /**
   * `data` with every form of every secret masked byte for byte, for content that is not text (a
   * response body that is not UTF-8 can still hold a secret's bytes). Each byte read as one latin1
   * character, so the needles are their UTF-8 bytes read the same way; nothing else changes.
   */
  redactBytes(data: Buffer): Buffer {
    if (this.#needles.size === 0) return data;
    this.#bytePattern ??= new RegExp(
      [...this.#needles]
        .map((needle) => Buffer.from(needle, 'utf8').toString('latin1'))
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );
    const text = data.toString('latin1');
    this.#bytePattern.lastIndex = 0;
    if (!this.#bytePattern.test(text)) return data;
    return Buffer.from(text.replace(this.#bytePattern, REDACTED), 'latin1');
  }

  /**
   * A copy of `value` with every string (and plain-object key) redacted. Arrays and plain objects are
   * walked; anything else (Buffers such as screenshots, numbers, Dates) is returned as is.
   */
  redactDeep<T>(value: T): T {
    if (typeof value === 'string') return this.redact(value) as T;
    if (Array.isArray(value)) return value.map((item) => this.redactDeep(item)) as T;
    if (isPlainObject(value)) {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [this.redact(key), this.redactDeep(item)]),
      ) as T;
    }
    return value;
  }
}

function forms(secret: string): string[] {
  const list = [secret];
  if (secret.length < 4) return list;
  const bytes = Buffer.from(secret, 'utf8');
  const base64 = bytes.toString('base64');
  list.push(
    encodeURIComponent(secret),
    encodeURI(secret),
    new URLSearchParams([['', secret]]).toString().slice(1), // form encoding: space as '+'
    JSON.stringify(secret).slice(1, -1),
    base64,
    base64.replace(/=+$/, ''),
    bytes.toString('base64url'),
  );
  return list;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
