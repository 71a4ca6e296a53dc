import type { DataSource, EntityManager } from 'typeorm';
import type { AnswerSink } from './later';
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
}

/** What a parked long-poll is told: the change (or null at its deadline), or why it cannot wait. */
export type Follower = AnswerSink<RunSnapshot | null>;

/**
 * One parked long-poll: its cursor, when its wait ends and whom to tell. A class rather than an
 * object of closures, because thousands are parked at once and each closure costs memory (and,
 * under the TypeScript loader, a defineProperty call for its name).
 */
class Waiter {
  /** Told once: cleared as it is, so a waiter the deadlines still list holds no request. */
  private follower: Follower | null;

  constructor(
    readonly cursor: number,
    /** performance.now() at which it answers timed out. */
    readonly dueAt: number,
    private readonly runId: string,
    private readonly waiters: Map<string, Set<Waiter>>,
    private readonly set: Set<Waiter>,
    private readonly deadlines: Deadlines,
    follower: Follower,
  ) {
    this.follower = follower;
    set.add(this);
    deadlines.add(this);
  }

  get answered(): boolean {
    return this.follower === null;
  }

  /** Told the change (or null: the watcher closes); its deadline then lists it answered. */
  wake(snapshot: Promise<RunSnapshot> | null): void {
    const follower = this.#leave();
    if (!follower) return;
    this.deadlines.left();
    if (snapshot)
      snapshot.then(
        (changed) => follower.answered(changed),
        (error: unknown) => follower.failed(error),
      );
    else follower.answered(null);
  }

  /** Its time came (the deadlines no longer list it): told null, the Run as it was. */
  timedOut(): void {
    this.#leave()?.answered(null);
  }

  fail(error: Error): void {
    const follower = this.#leave();
    if (!follower) return;
    this.deadlines.left();
    follower.failed(error);
  }

  #leave(): Follower | null {
    const { follower } = this;
    this.follower = null;
    this.set.delete(this);
    if (!this.set.size && this.waiters.get(this.runId) === this.set) this.waiters.delete(this.runId);
    return follower;
  }
}

/**
 * When parked waiters answer timed out: one timer for all of them, armed for the earliest, and a
 * binary heap by `dueAt`. A Node timer a waiter (what this replaced) cost each parked follower a
 * Timeout object and its argument list for its whole wait, and every deadline its own turn of
 * node's timer bookkeeping; 5,000 followers that arrived together come due together, and are
 * answered here in one loop. A waiter answered earlier (a change) stays listed, holding nothing,
 * until its time comes or the list is compacted.
 */
class Deadlines {
  private heap: Waiter[] = [];
  /** Listed waiters already answered: compacted away once they outnumber the rest. */
  private answered = 0;
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Infinity;

  add(waiter: Waiter): void {
    const { heap } = this;
    heap.push(waiter);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].dueAt <= waiter.dueAt) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = waiter;
    if (waiter.dueAt < this.armedFor) this.arm(waiter.dueAt);
  }

  /** A listed waiter was answered another way. */
  left(): void {
    if (++this.answered > 1024 && this.answered * 2 > this.heap.length) this.compact();
  }

  /** Answers every waiter whose time has come, then arms the timer for the next. */
  private readonly fire = () => {
    this.timer = null;
    this.armedFor = Infinity;
    // To the millisecond, as node's own timers are (they count from the loop's clock in whole ms).
    const now = performance.now() + 1;
    const { heap } = this;
    while (heap.length && heap[0].dueAt <= now) {
      const waiter = this.pop();
      if (waiter.answered) this.answered--;
      else
        try {
          waiter.timedOut();
        } catch (error) {
          // As a timer's own would: surfaced, and the waiters due after it are still answered.
          queueMicrotask(() => {
            throw error;
          });
        }
    }
    if (heap.length) this.arm(heap[0].dueAt);
  };

  private arm(dueAt: number) {
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = dueAt;
    this.timer = setTimeout(this.fire, Math.max(0, Math.ceil(dueAt - performance.now())));
  }

  private pop(): Waiter {
    const { heap } = this;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && heap[right].dueAt < heap[left].dueAt ? right : left;
        if (heap[child].dueAt >= last.dueAt) break;
        heap[i] = heap[child];
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }

  /** Drops answered waiters: the rest, sorted by when they are due, is a heap as it is. */
  private compact() {
    this.heap = this.heap.filter((w) => !w.answered).sort((a, b) => a.dueAt - b.dueAt);
    this.answered = 0;
    if (!this.heap.length) this.clear();
  }

  /** Forgets every waiter (the watcher closes). */
  clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = Infinity;
    this.heap = [];
    this.answered = 0;
  }
}

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
  private readonly deadlines = new Deadlines();
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
  async arrival(orgId: string, runId: string): Promise<RunSnapshot | null> {
    const now = performance.now();
    let shared = this.recent.get(runId);
    if (!shared || (shared.readAt !== undefined && now - shared.readAt > ARRIVAL_SHARE_MS)) {
      this.sweep(now);
      shared = this.share(runId, readRun(this.db.manager, runId));
    }
    return ofOrg(await shared.read, orgId);
  }

  /** Makes `read` the one new arrivals of the Run share; a failed read is not shared. */
  private share(runId: string, read: Promise<RunSnapshot | null>): SharedRead {
    const entry: SharedRead = { read };
    read.then(
      () => {
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
    new Waiter(cursor, performance.now() + timeoutMs, runId, this.waiters, set, this.deadlines, follower);
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
          // Most checks wake nobody: no copy of a Run's thousands of waiters for them.
          const ended = terminalStatuses.includes(row.status);
          let woken: Waiter[] | undefined;
          for (const waiter of this.waiters.get(row.id) ?? [])
            if (ended || row.cursor > waiter.cursor) (woken ??= []).push(waiter);
          if (!woken) continue;
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
    this.deadlines.clear();
  }
}
