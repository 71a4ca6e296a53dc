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

/** Tokens granted; when none, how long until one is there. */
export interface TokenAnswer {
  granted: number;
  retryAfterMs: number;
}

/** Shared per-organization limit state: token buckets and active-Run slots. */
export const limitRepository = {
  /**
   * Takes `count` tokens from the organization's bucket, or one when fewer are there. Each try is
   * one statement: an UPDATE that refills lazily from the last update and takes the tokens only
   * when they are there (the row lock makes it atomic across API processes). A refused request
   * does not write, so refill continues from the last granted one.
   */
  async takeTokens(
    db: EntityManager,
    orgId: string,
    bucket: string,
    rate: BucketRate,
    count: number,
  ): Promise<TokenAnswer> {
    const refilled = `LEAST(?, tokens + GREATEST(0, ${dbNow} - updated_ms) / 1000 * ?)`;
    for (const take of count > 1 ? [count, 1] : [1]) {
      const taken = await db.query(
        `UPDATE rate_buckets SET tokens = ${refilled} - ?, updated_ms = GREATEST(updated_ms, ${dbNow})
         WHERE org_id = ? AND bucket = ? AND ${refilled} >= ?`,
        [rate.burst, rate.perSecond, take, orgId, bucket, rate.burst, rate.perSecond, take],
      );
      if ((taken.affectedRows ?? 0) > 0) return { granted: take, retryAfterMs: 0 };
    }
    const first = Math.min(count, rate.burst);
    const created = await db.query(
      `INSERT IGNORE INTO rate_buckets (org_id, bucket, tokens, updated_ms) VALUES (?, ?, ?, ${dbNow})`,
      [orgId, bucket, rate.burst - first],
    );
    if ((created.affectedRows ?? 0) > 0) return { granted: first, retryAfterMs: 0 };
    const rows: Array<{ available: number }> = await db.query(
      `SELECT ${refilled} AS available FROM rate_buckets WHERE org_id = ? AND bucket = ?`,
      [rate.burst, rate.perSecond, orgId, bucket],
    );
    const available = Number(rows[0]?.available ?? 0);
    // A token arrived between the statements: the caller may try again at once.
    const retryAfterMs = rate.perSecond > 0 ? Math.max(0, ((1 - available) / rate.perSecond) * 1000) : 60_000;
    return { granted: 0, retryAfterMs };
  },

  /**
   * Takes an active-Run slot for the Run when its organization holds fewer than `cap` (or the
   * Run was handed one), else records it as waiting, in arrival order. Confirming a held slot
   * renews its lease. While the organization is at its cap (the case of every Run in a backlog)
   * this is two plain statements; only when a slot looks free does it take the organization
   * row's lock, which serializes the count and the insert across processes.
   */
  async takeRunSlot(db: EntityManager, slot: RunSlotRequest): Promise<boolean> {
    const lease = slot.now + slot.leaseMs;
    const own: Array<{ state: string }> = await db.query('SELECT state FROM run_slots WHERE run_id = ?', [slot.runId]);
    if (own[0]?.state === 'held') {
      const renewed = await db.query(`UPDATE run_slots SET expires_ms = ? WHERE run_id = ? AND state = 'held'`, [
        lease,
        slot.runId,
      ]);
      if ((renewed.affectedRows ?? 0) > 0) return true;
    }
    if ((await heldSlots(db, slot.orgId, slot.now)) >= slot.cap) {
      await db.query(
        `INSERT IGNORE INTO run_slots (run_id, org_id, state, queued_ms, expires_ms) VALUES (?, ?, 'waiting', ?, ?)`,
        [slot.runId, slot.orgId, slot.now, lease],
      );
      // A slot freed between the count and the insert was handed on without this Run: look again.
      if ((await heldSlots(db, slot.orgId, slot.now)) >= slot.cap) return false;
    }
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM organizations WHERE id = ? FOR UPDATE', [slot.orgId]);
      // Slots of Runs whose workflow ended without a terminal record (terminated) expire.
      await tx.query(`DELETE FROM run_slots WHERE org_id = ? AND state = 'held' AND expires_ms <= ?`, [
        slot.orgId,
        slot.now,
      ]);
      if ((await heldSlots(tx, slot.orgId, slot.now)) < slot.cap) {
        await tx.query(
          `INSERT INTO run_slots (run_id, org_id, state, queued_ms, expires_ms) VALUES (?, ?, 'held', ?, ?)
           ON DUPLICATE KEY UPDATE state = 'held', expires_ms = VALUES(expires_ms)`,
          [slot.runId, slot.orgId, slot.now, lease],
        );
        return true;
      }
      await tx.query(
        `INSERT IGNORE INTO run_slots (run_id, org_id, state, queued_ms, expires_ms) VALUES (?, ?, 'waiting', ?, ?)`,
        [slot.runId, slot.orgId, slot.now, lease],
      );
      return false;
    });
  },

  /**
   * Frees the Run's slot (or its place in the line) once its terminal state is recorded, and
   * hands free slots to the organization's longest-waiting Runs (with a full lease): answers
   * their ids, to be woken. (Its own transaction, the organization lock first, so the count sees
   * every slot committed before it.)
   */
  async releaseRunSlot(db: EntityManager, slot: RunSlotRequest): Promise<string[]> {
    const mine = await db.query('SELECT 1 FROM run_slots WHERE run_id = ?', [slot.runId]);
    if (!mine.length) return [];
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM organizations WHERE id = ? FOR UPDATE', [slot.orgId]);
      await tx.query('DELETE FROM run_slots WHERE run_id = ?', [slot.runId]);
      const free = slot.cap - (await heldSlots(tx, slot.orgId, slot.now));
      if (free <= 0) return [];
      const next: Array<{ run_id: string }> = await tx.query(
        `SELECT s.run_id FROM run_slots s JOIN runs r ON r.id = s.run_id
       WHERE s.org_id = ? AND s.state = 'waiting' AND r.status NOT IN (${terminalList})
       ORDER BY s.queued_ms, s.run_id LIMIT ${Math.floor(free)}`,
        [slot.orgId],
      );
      const ids = next.map((r) => r.run_id);
      if (ids.length)
        await tx.query(`UPDATE run_slots SET state = 'held', expires_ms = ? WHERE run_id IN (?)`, [
          slot.now + slot.leaseMs,
          ids,
        ]);
      return ids;
    });
  },
};

/** Asks for a slot of the organization's `cap`; a held slot lasts `leaseMs` unless renewed. */
export interface RunSlotRequest {
  runId: string;
  orgId: string;
  cap: number;
  now: number;
  leaseMs: number;
}

/** Slots the organization holds: their Runs are not terminal and their leases run. */
async function heldSlots(tx: EntityManager, orgId: string, now: number): Promise<number> {
  const [{ n }] = await tx.query(
    `SELECT COUNT(*) AS n FROM run_slots s JOIN runs r ON r.id = s.run_id
     WHERE s.org_id = ? AND s.state = 'held' AND s.expires_ms > ? AND r.status NOT IN (${terminalList})`,
    [orgId, now],
  );
  return Number(n);
}
