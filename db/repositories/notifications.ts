import type { EntityManager } from 'typeorm';
import {
  NotificationChannelEntity,
  NotificationDeliveryEntity,
  NotificationStateEntity,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationState,
  type NotificationStatus,
} from '../entities/notifications';

/** Notification channels, their deliveries and the last verdict each heard per scope. */
export const notificationRepository = {
  async countChannels(db: EntityManager, orgId: string): Promise<number> {
    return db.getRepository(NotificationChannelEntity).countBy({ orgId });
  },

  async insertChannel(db: EntityManager, channel: NotificationChannel): Promise<void> {
    await db.getRepository(NotificationChannelEntity).insert(channel);
  },

  async channel(db: EntityManager, orgId: string, id: string): Promise<NotificationChannel | null> {
    return db.getRepository(NotificationChannelEntity).findOneBy({ orgId, id });
  },

  /** For activities, which act on an id a workflow gave them. */
  async channelById(db: EntityManager, id: string): Promise<NotificationChannel | null> {
    return db.getRepository(NotificationChannelEntity).findOneBy({ id });
  },

  /** Every channel of an organization (bounded by MAX_CHANNELS at creation). */
  async channels(db: EntityManager, orgId: string, onlyEnabled = false): Promise<NotificationChannel[]> {
    return db
      .getRepository(NotificationChannelEntity)
      .find({ where: { orgId, ...(onlyEnabled ? { enabled: true } : {}) }, order: { id: 'ASC' } });
  },

  async updateChannel(
    db: EntityManager,
    id: string,
    patch: Partial<Omit<NotificationChannel, 'id' | 'orgId' | 'createdAt'>>,
  ): Promise<void> {
    await db.getRepository(NotificationChannelEntity).update({ id }, patch);
  },

  async deleteChannel(db: EntityManager, orgId: string, id: string): Promise<boolean> {
    const result = await db.getRepository(NotificationChannelEntity).delete({ orgId, id });
    if ((result.affected ?? 0) === 0) return false;
    await db.getRepository(NotificationStateEntity).delete({ channelId: id });
    return true;
  },

  /** A delivered message ends the channel's failing streak. */
  async markHealthy(db: EntityManager, id: string): Promise<void> {
    await db.query(
      'UPDATE notification_channels SET failing_since = NULL, failure_streak = 0, last_error = NULL WHERE id = ?',
      [id],
    );
  },

  /** A delivery that finally failed lengthens the streak (the warning the API shows). */
  async markFailing(db: EntityManager, id: string, now: number, error: string): Promise<void> {
    await db.query(
      `UPDATE notification_channels SET failing_since = COALESCE(failing_since, ?), failure_streak = failure_streak + 1,
         last_error = ? WHERE id = ?`,
      [now, error.slice(0, 500), id],
    );
  },

  /** Stores a delivery once per workflow id; answers the stored row (the first one when it existed). */
  async putDelivery(db: EntityManager, row: NotificationDelivery): Promise<NotificationDelivery> {
    await db.query(
      `INSERT IGNORE INTO notification_deliveries
         (id, org_id, channel_id, subject_id, workflow_id, summary, status, attempts, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.id,
        row.orgId,
        row.channelId,
        row.subjectId,
        row.workflowId,
        JSON.stringify(row.summary),
        row.status,
        row.attempts,
        row.createdAt,
        row.updatedAt,
      ],
    );
    return (await db.getRepository(NotificationDeliveryEntity).findOneBy({ workflowId: row.workflowId }))!;
  },

  async deliveryById(db: EntityManager, id: string): Promise<NotificationDelivery | null> {
    return db.getRepository(NotificationDeliveryEntity).findOneBy({ id });
  },

  /** A channel's deliveries, newest first, at most `take`. */
  async deliveries(db: EntityManager, orgId: string, channelId: string, take: number): Promise<NotificationDelivery[]> {
    return db
      .getRepository(NotificationDeliveryEntity)
      .find({ where: { orgId, channelId }, order: { id: 'DESC' }, take });
  },

  async recordAttempt(
    db: EntityManager,
    id: string,
    attempt: { statusCode: number | null; error: string | null; at: number },
  ): Promise<void> {
    await db.query(
      `UPDATE notification_deliveries SET attempts = attempts + 1, last_status_code = ?, last_error = ?, updated_at = ?
       WHERE id = ?`,
      [attempt.statusCode, attempt.error?.slice(0, 500) ?? null, attempt.at, id],
    );
  },

  async setDeliveryStatus(db: EntityManager, id: string, status: NotificationStatus, at: number): Promise<void> {
    await db.getRepository(NotificationDeliveryEntity).update({ id }, { status, updatedAt: at });
  },

  /**
   * Records that the channel heard `verdict` for `scopeKey` from group `groupId`; answers the verdict
   * heard before it (null the first time). Asking again for the same group answers the same.
   */
  async advanceState(
    db: EntityManager,
    key: { channelId: string; scopeKey: string },
    groupId: string,
    verdict: string,
    now: number,
  ): Promise<string | null> {
    return db.transaction(async (tx) => {
      const repo = tx.getRepository(NotificationStateEntity);
      const [current]: NotificationState[] = await tx.query(
        'SELECT verdict, group_id AS groupId, previous_verdict AS previousVerdict FROM notification_states WHERE channel_id = ? AND scope_key = ? FOR UPDATE',
        [key.channelId, key.scopeKey],
      );
      if (current?.groupId === groupId) return current.previousVerdict;
      const previous = current?.verdict ?? null;
      await repo.save({ ...key, verdict, groupId, previousVerdict: previous, updatedAt: now });
      return previous;
    });
  },
};
