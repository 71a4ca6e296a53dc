import type { EntityManager } from 'typeorm';
import { terminalStatuses } from './runs';

const terminalList = terminalStatuses.map((s) => `'${s}'`).join(',');
/** The database's clock in epoch ms: every API process refills buckets by the same clock. */
const dbNow = 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)';

/** A token bucket's settings: refill per second and capacity. */
export interface BucketRate {
  perSecond: number;
  burst: number;
}

export type TokenAnswer = { granted: true } | { granted: false; retryAfterMs: number };

/** Shared per-organization limit state: token buckets and active-Run slots. */
export const limitRepository = {
  /**
   * Takes one token from the organization's bucket. The common case is one statement: an UPDATE
   * that refills lazily from the last update and takes the token only when one is there (the row
   * lock makes it atomic across API processes). A refused request does not write, so refill
   * continues from the last granted one.
   */
  async takeToken(db: EntityManager, orgId: string, bucket: string, rate: BucketRate): Promise<TokenAnswer> {
    const refilled = `LEAST(?, tokens + GREATEST(0, ${dbNow} - updated_ms) / 1000 * ?)`;
    const taken = await db.query(
      `UPDATE rate_buckets SET tokens = ${refilled} - 1, updated_ms = GREATEST(updated_ms, ${dbNow})
       WHERE org_id = ? AND bucket = ? AND ${refilled} >= 1`,
      [rate.burst, rate.perSecond, orgId, bucket, rate.burst, rate.perSecond],
    );
    if ((taken.affectedRows ?? 0) > 0) return { granted: true };
    const first = await db.query(
      `INSERT IGNORE INTO rate_buckets (org_id, bucket, tokens, updated_ms) VALUES (?, ?, ?, ${dbNow})`,
      [orgId, bucket, rate.burst - 1],
    );
    if ((first.affectedRows ?? 0) > 0) return { granted: true };
    const rows: Array<{ available: number }> = await db.query(
      `SELECT ${refilled} AS available FROM rate_buckets WHERE org_id = ? AND bucket = ?`,
      [rate.burst, rate.perSecond, orgId, bucket],
    );
    const available = Number(rows[0]?.available ?? 0);
    // A token arrived between the two statements: the caller may try again at once.
    const retryAfterMs = rate.perSecond > 0 ? Math.max(0, ((1 - available) / rate.perSecond) * 1000) : 60_000;
    return { granted: false, retryAfterMs };
  },

  /**
   * Takes an active-Run slot for the Run when its organization holds fewer than `cap`. The
   * organization row's lock serializes the count and the insert across processes. A slot counts
   * while its Run is not terminal and its lease has not expired; taking it twice is a no-op.
   */
  async takeRunSlot(
    db: EntityManager,
    slot: { runId: string; orgId: string; cap: number; now: number; leaseMs: number },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM organizations WHERE id = ? FOR UPDATE', [slot.orgId]);
      const held = await tx.query('SELECT 1 FROM run_slots WHERE run_id = ?', [slot.runId]);
      if (held.length) return true;
      await tx.query('DELETE FROM run_slots WHERE org_id = ? AND expires_ms <= ?', [slot.orgId, slot.now]);
      const [{ n }] = await tx.query(
        `SELECT COUNT(*) AS n FROM run_slots s JOIN runs r ON r.id = s.run_id
         WHERE s.org_id = ? AND r.status NOT IN (${terminalList})`,
        [slot.orgId],
      );
      if (Number(n) >= slot.cap) return false;
      await tx.query('INSERT INTO run_slots (run_id, org_id, acquired_ms, expires_ms) VALUES (?, ?, ?, ?)', [
        slot.runId,
        slot.orgId,
        slot.now,
        slot.now + slot.leaseMs,
      ]);
      return true;
    });
  },

  /** Frees the Run's slot; called in the transaction that records its terminal state. */
  async releaseRunSlot(db: EntityManager, runId: string): Promise<void> {
    await db.query('DELETE FROM run_slots WHERE run_id = ?', [runId]);
  },

  /** Slots an organization holds now (for tests and operators). */
  async activeRunSlots(db: EntityManager, orgId: string): Promise<number> {
    const [{ n }] = await db.query(
      `SELECT COUNT(*) AS n FROM run_slots s JOIN runs r ON r.id = s.run_id
       WHERE s.org_id = ? AND r.status NOT IN (${terminalList})`,
      [orgId],
    );
    return Number(n);
  },
};
