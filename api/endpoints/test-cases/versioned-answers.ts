import type { EntityManager } from 'typeorm';

interface Kept<T> {
  version: number;
  answer: T;
  bytes: number;
}

/**
 * Answers kept in this process's memory, each served only while its organization's version (read
 * from the database on every request, one primary-key row) is the one read before it was made.
 * Every write the answer depends on raises that version in its own transaction, so an answer is
 * never served after a write it does not show, whichever API process made the write. Bounded by
 * the bytes of the answers' text; the least recently served go first.
 */
export class VersionedAnswers<T> {
  readonly #kept = new Map<string, Kept<T>>();
  #bytes = 0;

  constructor(
    private readonly readVersion: (db: EntityManager, orgId: string) => Promise<number>,
    private readonly maxBytes: number,
  ) {}

  /**
   * `make` gives the answer, the bytes it holds (Infinity for one not to keep) and the version read
   * in the same statement as the answer's data (one consistent read), which it shows; an answer
   * without one is not kept. A key with nothing kept costs no version read. Inside a transaction
   * nothing is kept: its own writes are not counted yet.
   */
  async answer(
    db: EntityManager,
    orgId: string,
    key: string,
    make: () => Promise<{ answer: T; bytes: number; version?: number }>,
  ): Promise<T> {
    if (db.queryRunner) return (await make()).answer;
    const at = `${orgId}\n${key}`;
    const kept = this.#kept.get(at);
    if (kept && kept.version === (await this.readVersion(db, orgId))) {
      // Most recently served last, unless another request dropped or replaced it meanwhile.
      if (this.#kept.get(at) === kept) {
        this.#kept.delete(at);
        this.#kept.set(at, kept);
      }
      return kept.answer;
    }
    const made = await make();
    if (made.version !== undefined) this.#keep(at, { version: made.version, answer: made.answer, bytes: made.bytes });
    return made.answer;
  }

  #keep(at: string, entry: Kept<T>): void {
    const old = this.#kept.get(at);
    if (old) {
      this.#kept.delete(at);
      this.#bytes -= old.bytes;
    }
    // One large answer may not push out most of the others.
    if (entry.bytes > this.maxBytes / 16) return;
    this.#kept.set(at, entry);
    this.#bytes += entry.bytes;
    for (const [key, oldest] of this.#kept) {
      if (this.#bytes <= this.maxBytes) break;
      this.#kept.delete(key);
      this.#bytes -= oldest.bytes;
    }
  }

  /** What is kept now, for tests and diagnostics. */
  get size(): { answers: number; bytes: number } {
    return { answers: this.#kept.size, bytes: this.#bytes };
  }
}
