import type { DataSource } from 'typeorm';
import type { Run, RunStep } from '../../db/entities/runs';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';

/** A Run as a long-poll answers it: the record and its step logs, read once for every waiter. */
export interface RunSnapshot {
  run: Run;
  steps: RunStep[];
}

interface Waiter {
  cursor: number;
  wake(snapshot: Promise<RunSnapshot> | null): void;
}

/**
 * Long-poll waiters of one API process share a single timer: every interval, one query reads
 * the cursors of all awaited Runs. When a Run changed, it is read once (record and steps) and
 * every waiter of that Run is answered from that read; at a waiter's deadline it answers from
 * what it read on arrival, with no query at all. A waiting request holds no database connection.
 */
export class RunWatcher {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly arrivals = new Map<string, Promise<RunSnapshot | null>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly intervalMs: number,
  ) {}

  /**
   * The Run as a long-poll sees it on arrival. Arrivals for one Run while its read is in flight
   * share that read: 10,000 followers arriving together cost one read, not 20,000 queries queued
   * behind a 20-connection pool. A shared read may predate an arrival by a few milliseconds; a
   * long-poll then either answers a change it has not seen yet or waits, and the next tick
   * compares the stored cursor, so no change is missed. Null when the organization has no such Run.
   */
  arrival(orgId: string, runId: string): Promise<RunSnapshot | null> {
    const key = `${orgId}/${runId}`;
    let read = this.arrivals.get(key);
    if (!read) {
      read = (async () => {
        const run = await runRepository.get(this.db.manager, orgId, runId);
        return run ? { run, steps: (await runRepository.steps(this.db.manager, [runId])).get(runId) ?? [] } : null;
      })().finally(() => this.arrivals.delete(key));
      this.arrivals.set(key, read);
    }
    return read;
  }

  /** Resolves with the changed Run once its cursor passes `cursor` or it ends; null at the deadline. */
  wait(runId: string, cursor: number, timeoutMs: number): Promise<RunSnapshot | null> {
    return new Promise((resolve, reject) => {
      const set = this.waiters.get(runId) ?? new Set<Waiter>();
      this.waiters.set(runId, set);
      const waiter: Waiter = {
        cursor,
        wake: (snapshot) => {
          clearTimeout(deadline);
          set.delete(waiter);
          if (!set.size) this.waiters.delete(runId);
          if (snapshot) snapshot.then(resolve, reject);
          else resolve(null);
        },
      };
      const deadline = setTimeout(() => waiter.wake(null), timeoutMs);
      set.add(waiter);
      this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    });
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
    const ids = [...this.waiters.keys()];
    try {
      for (let i = 0; i < ids.length; i += 500) {
        for (const row of await runRepository.cursors(this.db.manager, ids.slice(i, i + 500))) {
          const woken = [...(this.waiters.get(row.id) ?? [])].filter(
            (w) => row.cursor > w.cursor || terminalStatuses.includes(row.status),
          );
          if (!woken.length) continue;
          const snapshot = this.read(row.id);
          snapshot.catch(() => undefined); // each waiter sees the failure through its own promise
          for (const waiter of woken) waiter.wake(snapshot);
        }
      }
    } catch {
      // A failed check is retried on the next tick; waiters still end at their deadline.
    }
  }

  private async read(runId: string): Promise<RunSnapshot> {
    const run = await runRepository.byId(this.db.manager, runId);
    if (!run) throw new Error(`run ${runId} vanished`);
    return { run, steps: (await runRepository.steps(this.db.manager, [runId])).get(runId) ?? [] };
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of this.waiters.values()) for (const w of [...set]) w.wake(null);
  }
}
