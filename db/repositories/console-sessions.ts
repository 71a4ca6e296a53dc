import type { EntityManager } from 'typeorm';
import type { Scope } from '../../core/scopes';

/** How a console session was opened: with an organization API key, or by an OpenID Connect member. */
export type ConsoleSessionKind = 'api_key' | 'oidc';

/** A console session as stored: the id's hash, and who it acts for (never a key or a token). */
export interface ConsoleSession {
  idHash: string;
  orgId: string;
  kind: ConsoleSessionKind;
  /** The API key id (api_key) or the member's `sub` (oidc). */
  subject: string;
  scopes: Scope[];
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

interface Row {
  id_hash: string;
  org_id: string;
  kind: ConsoleSessionKind;
  subject: string;
  scopes: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

/** Queries of console sessions (api/console/sessions.ts). */
export const consoleSessionRepository = {
  async insert(db: EntityManager, s: ConsoleSession): Promise<void> {
    await db.query(
      `INSERT INTO console_sessions (id_hash, org_id, kind, subject, scopes, csrf_token, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.idHash, s.orgId, s.kind, s.subject, s.scopes.join(' '), s.csrfToken, s.createdAt, s.expiresAt],
    );
  },

  /** The session if it exists and has not expired at `now`. */
  async findLive(db: EntityManager, idHash: string, now: number): Promise<ConsoleSession | null> {
    const rows: Row[] = await db.query('SELECT * FROM console_sessions WHERE id_hash = ? AND expires_at > ?', [
      idHash,
      now,
    ]);
    if (!rows.length) return null;
    const r = rows[0];
    return {
      idHash: r.id_hash,
      orgId: r.org_id,
      kind: r.kind,
      subject: r.subject,
      scopes: r.scopes.split(' ').filter(Boolean) as Scope[],
      csrfToken: r.csrf_token,
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
    };
  },

  async delete(db: EntityManager, idHash: string): Promise<void> {
    await db.query('DELETE FROM console_sessions WHERE id_hash = ?', [idHash]);
  },

  /** Removes sessions that expired before `now` (a few at a time, as sign-ins happen). */
  async deleteExpired(db: EntityManager, now: number): Promise<void> {
    await db.query('DELETE FROM console_sessions WHERE expires_at <= ? LIMIT 100', [now]);
  },
};
