import type { EntityManager } from 'typeorm';
import { DAY_MS, defaultRetention, type RetentionPolicy } from '../../core/retention';
import { terminalStatuses } from './runs';
import type { GenerationProposal } from '../../core/generation';

const terminalList = terminalStatuses.map((s) => `'${s}'`).join(',');

/** A pinned Run keeps the Run its screenshots were compared with, so its before/after/diff stays whole. */
const notPinnedBaseline =
  'NOT EXISTS (SELECT 1 FROM runs pr WHERE pr.visual_baseline_run_id = r.id AND pr.pinned_at IS NOT NULL)';

/** A media row the purge is about to remove. */
export interface ExpiredMedia {
  id: string;
  runId: string;
  storageKey: string;
}

/** Retention policies, pinning, and the purge's bounded batches (all SQL of retention). */
export const retentionRepository = {
  /** The organization's policy, or the defaults when it never saved one. */
  async policy(db: EntityManager, orgId: string): Promise<RetentionPolicy & { updatedAt: number | null }> {
    const rows: Array<{ media_days: number; non_passing_media_days: number; run_days: number; updated_at: string }> =
      await db.query(
        'SELECT media_days, non_passing_media_days, run_days, updated_at FROM retention_policies WHERE org_id = ?',
        [orgId],
      );
    if (!rows.length) return { ...defaultRetention, updatedAt: null };
    return {
      mediaDays: Number(rows[0].media_days),
      nonPassingMediaDays: Number(rows[0].non_passing_media_days),
      runDays: Number(rows[0].run_days),
      updatedAt: Number(rows[0].updated_at),
    };
  },

  async putPolicy(db: EntityManager, orgId: string, policy: RetentionPolicy, now: number): Promise<void> {
    await db.query(
      `INSERT INTO retention_policies (org_id, media_days, non_passing_media_days, run_days, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE media_days = VALUES(media_days),
       non_passing_media_days = VALUES(non_passing_media_days), run_days = VALUES(run_days), updated_at = VALUES(updated_at)`,
      [orgId, policy.mediaDays, policy.nonPassingMediaDays, policy.runDays, now, now],
    );
  },

  /** Pins (a time) or unpins (null) a Run of the organization; false when there is no such Run. */
  async setPinned(db: EntityManager, orgId: string, runId: string, pinnedAt: number | null): Promise<boolean> {
    const result = await db.query(
      'UPDATE runs SET pinned_at = CASE WHEN ? IS NULL THEN NULL ELSE COALESCE(pinned_at, ?) END WHERE org_id = ? AND id = ?',
      [pinnedAt, pinnedAt, orgId, runId],
    );
    return (result.affectedRows ?? 0) > 0;
  },

  /**
   * Media of ended, unpinned Runs (nor the baseline of a pinned one) created longer ago than their organization's days (passing
   * Runs: mediaDays; others: nonPassingMediaDays), oldest Runs first, at most `limit` rows. Age
   * counts from the Run's creation, so a Run's media expire together.
   */
  async expiredMedia(db: EntityManager, asOf: number, limit: number): Promise<ExpiredMedia[]> {
    const rows: Array<{ id: string; run_id: string; storage_key: string }> = await db.query(
      `SELECT m.id, m.run_id, m.storage_key FROM runs r
       JOIN run_media m ON m.run_id = r.id
       LEFT JOIN retention_policies p ON p.org_id = r.org_id
       WHERE r.pinned_at IS NULL AND r.status IN (${terminalList}) AND ${notPinnedBaseline}
         AND r.created_at < ? - ? * CASE WHEN r.status = 'passing'
           THEN COALESCE(p.media_days, ?) ELSE COALESCE(p.non_passing_media_days, ?) END
       ORDER BY r.created_at, m.id LIMIT ?`,
      [asOf, DAY_MS, defaultRetention.mediaDays, defaultRetention.nonPassingMediaDays, limit],
    );
    return rows.map((r) => ({ id: r.id, runId: r.run_id, storageKey: r.storage_key }));
  },

  /**
   * Ended plan generations whose proposal still holds screenshots, created longer ago than their
   * organization's mediaDays, oldest first (a proposal is no Run: its screenshots follow the
   * passing Runs' media lifetime).
   */
  async expiredGenerationShots(
    db: EntityManager,
    asOf: number,
    limit: number,
  ): Promise<Array<{ planId: string; proposal: GenerationProposal }>> {
    const rows: Array<{ plan_id: string; proposal: string }> = await db.query(
      `SELECT g.plan_id, g.proposal FROM plan_generations g
       LEFT JOIN retention_policies p ON p.org_id = g.org_id
       WHERE g.finished_at IS NOT NULL AND g.proposal LIKE '%"screenshots":["%'
         AND g.created_at < ? - ? * COALESCE(p.media_days, ?)
       ORDER BY g.created_at, g.plan_id LIMIT ?`,
      [asOf, DAY_MS, defaultRetention.mediaDays, limit],
    );
    return rows.map((r) => ({ planId: r.plan_id, proposal: JSON.parse(r.proposal) as GenerationProposal }));
  },

  /** Writes a generation's proposal back without its (removed) screenshots. */
  async clearGenerationShots(db: EntityManager, planId: string, proposal: GenerationProposal): Promise<void> {
    const cleared = { ...proposal, cases: proposal.cases.map((c) => ({ ...c, screenshots: [] })) };
    await db.query('UPDATE plan_generations SET proposal = ? WHERE plan_id = ?', [JSON.stringify(cleared), planId]);
  },

  /** Ended, unpinned Runs (nor the baseline of a pinned one) created longer ago than their organization's runDays, oldest first. */
  async expiredRuns(db: EntityManager, asOf: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await db.query(
      `SELECT r.id FROM runs r LEFT JOIN retention_policies p ON p.org_id = r.org_id
       WHERE r.pinned_at IS NULL AND r.status IN (${terminalList}) AND ${notPinnedBaseline}
         AND r.created_at < ? - ? * COALESCE(p.run_days, ?)
       ORDER BY r.created_at, r.id LIMIT ?`,
      [asOf, DAY_MS, defaultRetention.runDays, limit],
    );
    return rows.map((r) => r.id);
  },

  /** Step one of a purge: evidence of these Runs says their media expired before any object goes. */
  async markMediaExpired(db: EntityManager, runIds: string[], now: number): Promise<void> {
    if (!runIds.length) return;
    await db.query(
      `UPDATE runs SET media_expired_at = COALESCE(media_expired_at, ?) WHERE id IN (${runIds.map(() => '?').join(',')})`,
      [now, ...runIds],
    );
  },

  /** Media rows of the given Runs (for removing a whole Run). */
  async mediaOfRuns(db: EntityManager, runIds: string[]): Promise<ExpiredMedia[]> {
    if (!runIds.length) return [];
    const rows: Array<{ id: string; run_id: string; storage_key: string }> = await db.query(
      `SELECT id, run_id, storage_key FROM run_media WHERE run_id IN (${runIds.map(() => '?').join(',')})`,
      runIds,
    );
    return rows.map((r) => ({ id: r.id, runId: r.run_id, storageKey: r.storage_key }));
  },

  async deleteMediaRows(db: EntityManager, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const result = await db.query(`DELETE FROM run_media WHERE id IN (${ids.map(() => '?').join(',')})`, ids);
    return result.affectedRows ?? 0;
  },

  /**
   * Removes Run records and what hangs off them (steps, sealed values, API results, assurance
   * snapshots), once their media rows are gone; one transaction per call.
   */
  async deleteRuns(db: EntityManager, runIds: string[]): Promise<number> {
    if (!runIds.length) return 0;
    const marks = runIds.map(() => '?').join(',');
    return db.transaction(async (tx) => {
      for (const table of ['run_steps', 'run_values', 'api_run_results', 'assurance_snapshots'])
        await tx.query(`DELETE FROM ${table} WHERE run_id IN (${marks})`, runIds);
      const result = await tx.query(
        `DELETE FROM runs WHERE id IN (${marks}) AND pinned_at IS NULL AND NOT EXISTS (SELECT 1 FROM run_media m WHERE m.run_id = runs.id)`,
        runIds,
      );
      return result.affectedRows ?? 0;
    });
  },

  /**
   * Up to `limit` finished webhook deliveries created before `before` with their attempt log,
   * up to `limit` attempts older than `before` of newer deliveries, and up to `limit` finished
   * channel messages (counted as deliveries); `more` when a batch was full.
   */
  async deleteWebhookLog(
    db: EntityManager,
    before: number,
    limit: number,
  ): Promise<{ deliveries: number; attempts: number; more: boolean }> {
    return db.transaction(async (tx) => {
      const rows: Array<{ id: string }> = await tx.query(
        `SELECT id FROM webhook_deliveries WHERE created_at < ? AND status <> 'pending' ORDER BY created_at, id LIMIT ?`,
        [before, limit],
      );
      const ids = rows.map((r) => r.id);
      let attempts = 0;
      let deliveries = 0;
      if (ids.length) {
        const marks = ids.map(() => '?').join(',');
        attempts +=
          (await tx.query(`DELETE FROM webhook_attempts WHERE delivery_id IN (${marks})`, ids)).affectedRows ?? 0;
        deliveries = (await tx.query(`DELETE FROM webhook_deliveries WHERE id IN (${marks})`, ids)).affectedRows ?? 0;
      }
      const old =
        (await tx.query('DELETE FROM webhook_attempts WHERE started_at < ? LIMIT ?', [before, limit])).affectedRows ??
        0;
      // Slack and Teams messages are delivered beside webhooks and kept as long as their log.
      const messages =
        (
          await tx.query(
            `DELETE FROM notification_deliveries WHERE created_at < ? AND status <> 'pending' ORDER BY created_at LIMIT ?`,
            [before, limit],
          )
        ).affectedRows ?? 0;
      return {
        deliveries: deliveries + messages,
        attempts: attempts + old,
        more: ids.length === limit || old === limit || messages === limit,
      };
    });
  },
};
