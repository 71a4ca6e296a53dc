import type { EntityManager } from 'typeorm';

export interface StoredResponse {
  requestHash: string;
  response: unknown;
  expiresAt: number;
}

/** Queries of the idempotency table: unique (organization, operation, key). */
export const idempotencyRepository = {
  /** Claims the key inside the caller's transaction; a concurrent claim waits on the row lock. */
  async claim(
    db: EntityManager,
    orgId: string,
    operation: string,
    key: string,
    requestHash: string,
    now: number,
    ttlMs: number,
  ) {
    await db.query(
      'INSERT INTO idempotency_records (org_id, operation, idem_key, request_hash, response, created_at, expires_at) VALUES (?, ?, ?, ?, NULL, ?, ?)',
      [orgId, operation, key, requestHash, now, now + ttlMs],
    );
  },

  async complete(db: EntityManager, orgId: string, operation: string, key: string, response: unknown) {
    await db.query('UPDATE idempotency_records SET response = ? WHERE org_id = ? AND operation = ? AND idem_key = ?', [
      JSON.stringify(response ?? null),
      orgId,
      operation,
      key,
    ]);
  },

  async find(db: EntityManager, orgId: string, operation: string, key: string): Promise<StoredResponse | null> {
    const rows = await db.query(
      'SELECT request_hash, response, expires_at FROM idempotency_records WHERE org_id = ? AND operation = ? AND idem_key = ?',
      [orgId, operation, key],
    );
    if (!rows.length) return null;
    return {
      requestHash: rows[0].request_hash,
      response: rows[0].response === null ? null : JSON.parse(rows[0].response),
      expiresAt: Number(rows[0].expires_at),
    };
  },

  async removeExpired(db: EntityManager, orgId: string, operation: string, key: string, now: number) {
    await db.query(
      'DELETE FROM idempotency_records WHERE org_id = ? AND operation = ? AND idem_key = ? AND expires_at < ?',
      [orgId, operation, key, now],
    );
  },

  /** Gives a key back after its mutation failed (resource-style claims live outside the mutation). */
  async release(db: EntityManager, orgId: string, operation: string, key: string) {
    await db.query(
      'DELETE FROM idempotency_records WHERE org_id = ? AND operation = ? AND idem_key = ? AND response IS NULL',
      [orgId, operation, key],
    );
  },

  async purgeExpired(db: EntityManager, now: number, batch = 1000): Promise<number> {
    const result = await db.query('DELETE FROM idempotency_records WHERE expires_at < ? LIMIT ?', [now, batch]);
    return result.affectedRows ?? 0;
  },
};
