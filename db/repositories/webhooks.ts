import type { EntityManager } from 'typeorm';
import {
  WebhookAttemptEntity,
  WebhookDeliveryEntity,
  WebhookEndpointEntity,
  WebhookEventEntity,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventRow,
} from '../entities/webhooks';

/** Webhook endpoints, events, deliveries and the attempt log. */
export const webhookRepository = {
  async countEndpoints(db: EntityManager, orgId: string): Promise<number> {
    return db.getRepository(WebhookEndpointEntity).countBy({ orgId });
  },

  async insertEndpoint(db: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
    await db.getRepository(WebhookEndpointEntity).insert(endpoint);
  },

  async endpoint(db: EntityManager, orgId: string, id: string): Promise<WebhookEndpoint | null> {
    return db.getRepository(WebhookEndpointEntity).findOneBy({ orgId, id });
  },

  /** For activities, which act on an endpoint id a workflow gave them. */
  async endpointById(db: EntityManager, id: string): Promise<WebhookEndpoint | null> {
    return db.getRepository(WebhookEndpointEntity).findOneBy({ id });
  },

  async endpoints(db: EntityManager, orgId: string): Promise<WebhookEndpoint[]> {
    return db.getRepository(WebhookEndpointEntity).find({ where: { orgId }, order: { id: 'ASC' } });
  },

  /** The enabled endpoints of an organization subscribed to an event type. */
  async subscribers(db: EntityManager, orgId: string, type: string): Promise<WebhookEndpoint[]> {
    const all = await db.getRepository(WebhookEndpointEntity).find({ where: { orgId, enabled: true } });
    return all.filter((e) => e.events.includes(type)).sort((a, b) => a.id.localeCompare(b.id));
  },

  async updateEndpoint(
    db: EntityManager,
    id: string,
    patch: Partial<Omit<WebhookEndpoint, 'id' | 'orgId' | 'createdAt'>>,
  ): Promise<void> {
    await db.getRepository(WebhookEndpointEntity).update({ id }, patch);
  },

  async deleteEndpoint(db: EntityManager, orgId: string, id: string): Promise<boolean> {
    const result = await db.getRepository(WebhookEndpointEntity).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  },

  /** A successful delivery ends the endpoint's failing streak. */
  async markHealthy(db: EntityManager, id: string): Promise<void> {
    await db.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL', [
      id,
    ]);
  },

  /**
   * Records a failed attempt: starts the failing streak, or, when it has lasted `disableAfterMs`,
   * disables the endpoint with the reason. Answers whether the endpoint is now disabled.
   */
  async markFailing(db: EntityManager, id: string, now: number, disableAfterMs: number): Promise<boolean> {
    await db.query('UPDATE webhook_endpoints SET failing_since = ? WHERE id = ? AND failing_since IS NULL', [now, id]);
    const result: { affectedRows?: number } = await db.query(
      `UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ?
       WHERE id = ? AND enabled = 1 AND failing_since <= ?`,
      [`every delivery failed for ${span(disableAfterMs)}`, now, id, now - disableAfterMs],
    );
    return (result.affectedRows ?? 0) > 0;
  },

  async disable(db: EntityManager, id: string, reason: string, now: number): Promise<void> {
    await db.query('UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?', [
      reason,
      now,
      id,
    ]);
  },

  /** Stores an event once per (type, subject): a repeat answers the first row, with its id. */
  async putEvent(db: EntityManager, row: WebhookEventRow): Promise<WebhookEventRow> {
    await db.query(
      `INSERT IGNORE INTO webhook_events (id, org_id, type, subject_id, payload, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [row.id, row.orgId, row.type, row.subjectId, JSON.stringify(row.payload), row.createdAt],
    );
    return (await db.getRepository(WebhookEventEntity).findOneBy({ type: row.type, subjectId: row.subjectId }))!;
  },

  async event(db: EntityManager, id: string): Promise<WebhookEventRow | null> {
    return db.getRepository(WebhookEventEntity).findOneBy({ id });
  },

  /** Stores a delivery once per workflow id: a repeat answers the first row. */
  async putDelivery(db: EntityManager, row: WebhookDelivery): Promise<WebhookDelivery> {
    await db.query(
      `INSERT IGNORE INTO webhook_deliveries
         (id, org_id, endpoint_id, event_id, workflow_id, status, attempts, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.id,
        row.orgId,
        row.endpointId,
        row.eventId,
        row.workflowId,
        row.status,
        row.attempts,
        row.createdAt,
        row.updatedAt,
      ],
    );
    return (await db.getRepository(WebhookDeliveryEntity).findOneBy({ workflowId: row.workflowId }))!;
  },

  async delivery(db: EntityManager, orgId: string, id: string): Promise<WebhookDelivery | null> {
    return db.getRepository(WebhookDeliveryEntity).findOneBy({ orgId, id });
  },

  async deliveryById(db: EntityManager, id: string): Promise<WebhookDelivery | null> {
    return db.getRepository(WebhookDeliveryEntity).findOneBy({ id });
  },

  /** An endpoint's deliveries, newest first (keyset on id). */
  async deliveries(db: EntityManager, endpointId: string, after: string | null, take: number) {
    const qb = db
      .getRepository(WebhookDeliveryEntity)
      .createQueryBuilder('d')
      .where('d.endpointId = :endpointId', { endpointId });
    if (after) qb.andWhere('d.id < :after', { after });
    return qb.orderBy('d.id', 'DESC').take(take).getMany();
  },

  async setDeliveryStatus(db: EntityManager, id: string, status: WebhookDeliveryStatus, now: number): Promise<void> {
    await db.getRepository(WebhookDeliveryEntity).update({ id }, { status, updatedAt: now });
  },

  /** Logs an attempt; the same attempt logged again (a retried activity) replaces its line. */
  async putAttempt(db: EntityManager, row: WebhookAttempt): Promise<void> {
    await db.query(
      `REPLACE INTO webhook_attempts
         (delivery_id, attempt, started_at, duration_ms, status_code, error_class, response_excerpt)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [row.deliveryId, row.attempt, row.startedAt, row.durationMs, row.statusCode, row.errorClass, row.responseExcerpt],
    );
    await db.query('UPDATE webhook_deliveries SET attempts = GREATEST(attempts, ?), updated_at = ? WHERE id = ?', [
      row.attempt,
      row.startedAt + row.durationMs,
      row.deliveryId,
    ]);
  },

  async attempts(db: EntityManager, deliveryIds: string[]): Promise<Map<string, WebhookAttempt[]>> {
    const byDelivery = new Map<string, WebhookAttempt[]>(deliveryIds.map((id) => [id, []]));
    if (!deliveryIds.length) return byDelivery;
    const rows = await db
      .getRepository(WebhookAttemptEntity)
      .createQueryBuilder('a')
      .where('a.deliveryId IN (:...ids)', { ids: deliveryIds })
      .orderBy('a.attempt', 'ASC')
      .getMany();
    for (const row of rows) byDelivery.get(row.deliveryId)!.push(row);
    return byDelivery;
  },
};

/** A window in words for the disable reason: "5 day(s)" by default, seconds for a test's short window. */
function span(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  const [size, name] = units.find(([size]) => ms >= size) ?? [1000, 'second'];
  return `${Math.round((ms / size) * 10) / 10} ${name}(s)`;
}
