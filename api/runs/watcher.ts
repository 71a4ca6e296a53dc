import type { DataSource } from 'typeorm';
import { runRepository, terminalStatuses } from '../../db/repositories/runs';

interface Waiter {
  cursor: number;
  wake(changed: boolean): void;
}

/**
 * Long-poll waiters of one API process share a single timer: every interval, one query reads
 * the cursors of all awaited Runs and wakes those that changed. A waiting request holds no
 * database connection, and 1,000 waiters cost one small query per second.
 */
export class RunWatcher {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly intervalMs: number,
  ) {}

  /** Resolves true when the Run's cursor passes `cursor` or it ends, false at the deadline. */
  wait(runId: string, cursor: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const set = this.waiters.get(runId) ?? new Set<Waiter>();
      this.waiters.set(runId, set);
      const waiter: Waiter = {
        cursor,
        wake: (changed) => {
          clearTimeout(deadline);
          set.delete(waiter);
          if (!set.size) this.waiters.delete(runId);
          resolve(changed);
        },
      };
      const deadline = setTimeout(() => waiter.wake(false), timeoutMs);
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
          for (const waiter of [...(this.waiters.get(row.id) ?? [])]) {
            if (row.cursor > waiter.cursor || terminalStatuses.includes(row.status)) waiter.wake(true);
          }
        }
      }
    } catch {
      // A failed check is retried on the next tick; waiters still end at their deadline.
    }
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of this.waiters.values()) for (const w of [...set]) w.wake(false);
  }
}
