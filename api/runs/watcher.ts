import type { DataSource, EntityManager } from 'typeorm';
import type { AnswerSink } from '../endpoints/later';
import type { Run, RunStep } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';
import { AppError } from '../../core/errors';
import { withDeadline } from '../middleware/deadline';

/** A Run as a long-poll answers it: the record and its step logs, read once for every waiter. */
export interface RunSnapshot {
  run: Run;
  steps: RunStep[];
}

/** Reads a Run and its step logs; with `orgId`, only a Run of that organization. Null when there is none. */
export async function readRun(db: EntityManager, runId: string, orgId?: string): Promise<RunSnapshot | null> {
  const run = orgId ? await runRepository.get(db, orgId, runId) : await runRepository.byId(db, runId);
  return run && { run, steps: (await runRepository.steps(db, [runId])).get(runId) ?? [] };
}

const ofOrg = (snapshot: RunSnapshot | null, orgId: string) =>
  snapshot && snapshot.run.orgId === orgId ? snapshot : null;

/** How long a finished read of a Run still answers new arrivals (see `arrival`). */
const ARRIVAL_SHARE_MS = 250;

interface SharedRead {
  read: Promise<RunSnapshot | null>;
  /** performance.now() when the read finished; undefined while in flight. */
  readAt?: number;
  /** What the read found, once it finished. */
  found?: RunSnapshot | null;
}

/** What a parked long-poll is told: the change (or null at its deadline), or why it cannot wait. */
export type Follower = AnswerSink<RunSnapshot | null>;

/**
 * One parked long-poll: its cursor, its deadline and whom to tell. A class rather than an object
 * of closures, because thousands are parked at once and each closure costs memory (and, under the
 * TypeScript loader, a defineProperty call for its name).
 */
class Waiter {
  readonly #deadline: NodeJS.Timeout;

  constructor(
    readonly cursor: number,
    private readonly runId: string,
    private readonly waiters: Map<string, Set<Waiter>>,
    private readonly set: Set<Waiter>,
    private readonly follower: Follower,
    timeoutMs: number,
  ) {
    this.#deadline = setTimeout(atDeadline, timeoutMs, this);
    set.add(this);
  }

  wake(snapshot: Promise<RunSnapshot> | null): void {
    this.#leave();
    const { follower } = this;
    if (snapshot)
      snapshot.then(
        (changed) => follower.answered(changed),
        (error: unknown) => follower.failed(error),
      );
    else follower.answered(null);
  }

  fail(error: Error): void {
    this.#leave();
    this.follower.failed(error);
  }

  #leave() {
    clearTimeout(this.#deadline);
    this.set.delete(this);
    if (!this.set.size) this.waiters.delete(this.runId);
  }
}

/** A waiter's timer: one function for all of them (the waiter is the timer's argument), not a closure each. */
const atDeadline = (waiter: Waiter) => waiter.wake(null);

/** What every waiter gets when the check cannot reach the database: the caller retries. */
const unavailable = () =>
  new AppError(
    'UNAVAILABLE',
    'the database did not answer while waiting for the Run to change; retry with the same cursor',
    undefined,
    { 'Retry-After': '5' },
  );

/**
 * Long-poll waiters of one API process share a single timer: every interval, one query reads
 * the cursors of all awaited Runs. When a Run changed, it is read once (record and steps) and
 * every waiter of that Run is answered from that read; at a waiter's deadline it answers from
 * what it read on arrival, with no query at all. A waiting request holds no database connection.
 * When the check fails or does not answer within `checkTimeoutMs` (DB_QUERY_TIMEOUT_MS: the database is down or hung),
 * every waiter answers 503 UNAVAILABLE at once rather than a stale `timedOut` after its full wait.
 */
export class RunWatcher {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly recent = new Map<string, SharedRead>();
  private swept = 0;
  private timer: NodeJS.Timeout | null = null;
  /** A check in progress: a hung database must not pile up one stuck query per interval. */
  private checking = false;

  constructor(
    private readonly db: DataSource,
    private readonly intervalMs: number,
    private readonly checkTimeoutMs = 8_000,
  ) {}

  /**
   * The Run as a long-poll sees it on arrival. Arrivals for one Run share one read while it is in
   * flight and for `ARRIVAL_SHARE_MS` after it (a change read by the check replaces it at once):
   * 10,000 followers arriving together cost a few reads, not 20,000 queries queued behind a
   * 20-connection pool. A shared read may predate an arrival by up to that window; the long-poll
   * then either answers a change it has not seen yet or waits, and the next check compares the
   * stored cursor, so no change is missed. Null when the organization has no such Run.
   */
  arrival(orgId: string, runId: string): RunSnapshot | null | Promise<RunSnapshot | null> {
    const now = performance.now();
    let shared = this.recent.get(runId);
    if (!shared || (shared.readAt !== undefined && now - shared.readAt > ARRIVAL_SHARE_MS)) {
      this.sweep(now);
      shared = this.share(runId, readRun(this.db.manager, runId));
    }
    // A finished read answers at once, without a promise: most of a burst of followers arrive then.
    if (shared.readAt !== undefined) return ofOrg(shared.found!, orgId);
    return shared.read.then((snapshot) => ofOrg(snapshot, orgId));
  }

  /** Makes `read` the one new arrivals of the Run share; a failed read is not shared. */
  private share(runId: string, read: Promise<RunSnapshot | null>): SharedRead {
    const entry: SharedRead = { read };
    read.then(
      (found) => {
        entry.found = found;
        entry.readAt = performance.now();
      },
      () => this.recent.get(runId) === entry && this.recent.delete(runId),
    );
    this.recent.set(runId, entry);
    return entry;
  }

  /** Drops shared reads past their window (at most once per window). */
  private sweep(now: number) {
    if (now - this.swept < ARRIVAL_SHARE_MS) return;
    this.swept = now;
    for (const [runId, entry] of this.recent)
      if (entry.readAt !== undefined && now - entry.readAt > ARRIVAL_SHARE_MS) this.recent.delete(runId);
  }

  /** Resolves with the changed Run once its cursor passes `cursor` or it ends; null at the deadline. */
  wait(runId: string, cursor: number, timeoutMs: number): Promise<RunSnapshot | null> {
    return new Promise((resolve, reject) => this.park(runId, cursor, timeoutMs, { answered: resolve, failed: reject }));
  }

  /**
   * `wait` for a follower object: it is told the change, or null at the deadline, or an
   * UNAVAILABLE. A parked long-poll needs no promise of its own.
   */
  park(runId: string, cursor: number, timeoutMs: number, follower: Follower): void {
    // A draining process holds no new wait: the client is answered as timed out and polls again,
    // by then on another API process.
    if (this.closed) return follower.answered(null);
    let set = this.waiters.get(runId);
    if (!set) this.waiters.set(runId, (set = new Set<Waiter>()));
    new Waiter(cursor, runId, this.waiters, set, follower, timeoutMs);
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
  }

  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  private async tick() {
    if (!this.waiters.size) {
      clearInterval(this.timer!);
      this.timer = null;
      return;
    }
    if (this.checking) return;
    this.checking = true;
    const ids = [...this.waiters.keys()];
    try {
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await withDeadline(
          runRepository.cursors(this.db.manager, ids.slice(i, i + 500)),
          this.checkTimeoutMs,
        );
        for (const row of rows) {
          const woken = [...(this.waiters.get(row.id) ?? [])].filter(
            (w) => row.cursor > w.cursor || terminalStatuses.includes(row.status),
          );
          if (!woken.length) continue;
          const snapshot = withDeadline(this.read(row.id), this.checkTimeoutMs).catch((error: unknown) => {
            throw error instanceof AppError ? unavailable() : error;
          });
          snapshot.catch(() => undefined); // each waiter sees the failure through its own promise
          this.share(row.id, snapshot); // new arrivals see the change too, from the same read
          for (const waiter of woken) waiter.wake(snapshot);
        }
      }
    } catch {
      // The database is down or hung: the waiters of the failed check answer UNAVAILABLE now
      // (within the bound of a hung dependency); new waiters are checked on the next tick.
      for (const id of ids) for (const waiter of [...(this.waiters.get(id) ?? [])]) waiter.fail(unavailable());
    } finally {
      this.checking = false;
    }
  }

  private async read(runId: string): Promise<RunSnapshot> {
    const snapshot = await readRun(this.db.manager, runId);
    if (!snapshot) throw new Error(`run ${runId} vanished`);
    return snapshot;
  }

  /** Set by close(): the process drains. */
  private closed = false;

  close() {
    this.closed = true;
    this.recent.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of this.waiters.values()) for (const w of [...set]) w.wake(null);
  }
}
