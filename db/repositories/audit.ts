import type { EntityManager } from 'typeorm';

/** One line of the audit trail: who changed what, when, and from where. */
export interface AuditEvent {
  id: string;
  orgId: string;
  at: number;
  actorKind: 'api_key' | 'oauth';
  /** The key id or the member's subject. */
  actor: string;
  /** The endpoint's name, e.g. `test_case.update_steps`. */
  action: string;
  /** The id or slug of what changed, when the request or its answer names one. */
  target: string | null;
  channel: 'console' | 'API' | 'MCP';
  ip: string | null;
  userAgent: string | null;
}

/** The audit trail: written in the transaction of the change it records, read newest first. */
export const auditRepository = {
  async insert(db: EntityManager, e: AuditEvent): Promise<void> {
    await db.query(
      `INSERT INTO audit_events (id, org_id, at, actor_kind, actor, action, target, channel, ip, user_agent)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [e.id, e.orgId, e.at, e.actorKind, e.actor, e.action, e.target, e.channel, e.ip, e.userAgent],
    );
  },

  async list(db: EntityManager, orgId: string, after: string | null, limit: number): Promise<AuditEvent[]> {
    const rows: Array<Record<string, string | null>> = await db.query(
      `SELECT id, at, actor_kind, actor, action, target, channel, ip, user_agent FROM audit_events
        WHERE org_id = ? ${after ? 'AND id < ?' : ''} ORDER BY id DESC LIMIT ?`,
      after ? [orgId, after, limit] : [orgId, limit],
    );
    return rows.map((r) => ({
      id: r.id!,
      orgId,
      at: Number(r.at),
      actorKind: r.actor_kind as AuditEvent['actorKind'],
      actor: r.actor!,
      action: r.action!,
      target: r.target,
      channel: r.channel as AuditEvent['channel'],
      ip: r.ip,
      userAgent: r.user_agent,
    }));
  },
};
